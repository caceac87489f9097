import type { PasswordRule } from "~/domain/password-policy";
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
