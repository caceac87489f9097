import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { PasswordRule } from "~/domain/password-policy";
import { Field, FormErrors } from "~/forms/field";
import { useFormState, type FieldConstraint } from "~/forms/form-state";
import { useTranslation } from "~/i18n/react";
import { NewPasswordFields } from "./password-rules";

import { PasswordChangedNotice } from "./password-changed-notice";

interface ChangePasswordFormProps {
  action: string;
  returnTo: string;
  available: boolean;
  rules: PasswordRule[] | null;
  constraint: Record<string, FieldConstraint> | null;
  lastResult?: SubmissionResult<string[]>;
}

/**
 * The change-password pages' body (R-VAL-04): the change-password dialog opened as a page, and the
 * trainee area's passwort-aendern page. The confirmation of a change that returned here comes first.
 */
export function ChangePasswordPage(props: ChangePasswordFormProps) {
  const { t } = useTranslation("auth");
  return (
    <section className="card" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{t("changePassword.title")}</h1>
      <PasswordChangedNotice />
      <ChangePasswordForm {...props} />
    </section>
  );
}

/**
 * The change-password form (R-VAL-04), used in the dashboard's change-password dialog and on the
 * change-password pages. `action` is where it posts; `returnTo` where it goes back.
 */
export function ChangePasswordForm({ action, returnTo, available, rules, constraint, lastResult }: ChangePasswordFormProps) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const { form, fields } = useFormState("change-password", ["oldPassword", "password", "passwordRepeat"], {
    lastResult,
    constraint: constraint ?? undefined,
  });
  if (!available) {
    return (
      <div className="form-errors" role="alert">
        <p>{t("passwordUnavailable")}</p>
      </div>
    );
  }
  const usedBefore = form.errors?.includes("errors:C04.message");
  return (
    <Form method="post" action={action} id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
      {usedBefore ? <p className="error-code">C04</p> : null}
      <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} namespace="auth" />
      <Field field={fields.oldPassword} label={t("changePassword.oldPassword")} type="password" autoComplete="current-password" />
      <NewPasswordFields
        password={fields.password}
        repeat={fields.passwordRepeat}
        rules={rules}
        labels={{ password: t("changePassword.newPassword"), repeat: t("changePassword.repeat") }}
      />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
        {usedBefore ? t("resetPassword.retry") : t("changePassword.submit")}
      </button>
    </Form>
  );
}
