import type { PasswordRule } from "~/domain/password-policy";
import { Field } from "~/forms/field";
import type { FieldState } from "~/forms/form-state";
import { useTranslation } from "~/i18n/react";

/** R-VAL-05: the password rules, shown next to a new-password field (singular wording for one). */
export function PasswordRules({ id, rules }: { id: string; rules: PasswordRule[] }) {
  const { t } = useTranslation("validation");
  return (
    <div id={id} className="password-rules">
      <p>{t("passwordRules.intro")}</p>
      <ul>
        {rules.map((rule) => (
          <li key={rule.rule}>{t(`passwordRules.${rule.rule}`, rule.count === undefined ? undefined : { count: rule.count })}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A new password with the server's rules as its hint, and its repetition: the one block of the
 * registration, activation, reset and change-password forms share (R-VAL-03, R-VAL-04, R-VAL-05).
 */
export function NewPasswordFields({
  password,
  repeat,
  rules,
  labels,
}: {
  password: FieldState;
  repeat: FieldState;
  rules: PasswordRule[] | null;
  labels: { password: string; repeat: string };
}) {
  return (
    <>
      <Field
        field={password}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={rules ? <PasswordRules id={`${password.id}-rules`} rules={rules} /> : undefined}
      />
      <Field field={repeat} label={labels.repeat} type="password" autoComplete="new-password" />
    </>
  );
}
