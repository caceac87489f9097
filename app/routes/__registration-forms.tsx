import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { NewPasswordFields } from "~/components/password-rules";
import { StatementText } from "~/components/statement-text";
import type { PasswordRule } from "~/domain/password-policy";
import { CheckboxField, Field, FormErrors } from "~/forms/field";
import { useFormState, type FieldConstraint } from "~/forms/form-state";
import { Honeypot } from "~/forms/honeypot";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { useTranslation } from "~/i18n/react";

/** The two registration forms of $cstm.registration.tsx (a sibling file: not a route). */
interface RegistrationFormProps {
  statement: string;
  constraint: Record<string, FieldConstraint> | null;
  honeypot: HoneypotInputProps;
  lastResult?: SubmissionResult<string[]>;
}

export function AnonymousRegistration({ statement, constraint, honeypot, lastResult }: RegistrationFormProps) {
  const navigation = useNavigation();
  const { t } = useTranslation("auth");
  const { form, fields } = useFormState("registration-anonymous", ["privacy"], {
    lastResult,
    constraint: constraint ?? undefined,
  });
  return (
    <AuthCard titleId="registration-title" title={t("anonymous.title")}>
      {/* R-SCR-09: the connection ends after 15 minutes of inactivity and inputs are lost. */}
      <p className="notice notice-warning" role="note">
        {t("anonymous.inactivityWarning", { minutes: 15 })}
      </p>
      <h2>{t("registration.statementTitle")}</h2>
      <StatementText text={statement} />
      <Form method="post" id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
        <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} namespace="auth" />
        <CheckboxField field={fields.privacy} label={t("registration.acceptStatement")} />
        <Honeypot inputs={honeypot} />
        <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
          {t("anonymous.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}

export function RegularRegistration({
  statement,
  constraint,
  honeypot,
  rules,
  lastResult,
}: RegistrationFormProps & { rules: PasswordRule[] | null }) {
  const navigation = useNavigation();
  const { t } = useTranslation("auth");
  const { form, fields } = useFormState(
    "registration",
    ["firstName", "lastName", "email", "password", "passwordRepeat", "privacy", "contacting"],
    { lastResult, constraint: constraint ?? undefined },
  );
  return (
    <AuthCard titleId="registration-title" title={t("registration.title")}>
      <Form method="post" id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
        <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} namespace="auth" />
        <Field field={fields.firstName} label={t("registration.firstName")} autoComplete="given-name" />
        <Field field={fields.lastName} label={t("registration.lastName")} autoComplete="family-name" />
        <Field field={fields.email} label={t("registration.email")} type="email" autoComplete="email" />
        <NewPasswordFields
          password={fields.password}
          repeat={fields.passwordRepeat}
          rules={rules}
          labels={{ password: t("registration.password"), repeat: t("registration.passwordRepeat") }}
        />
        <h2>{t("registration.statementTitle")}</h2>
        <StatementText text={statement} />
        <CheckboxField field={fields.privacy} label={t("registration.acceptStatement")} />
        <CheckboxField field={fields.contacting} label={t("registration.acceptContacting")} />
        <Honeypot inputs={honeypot} />
        <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
          {t("registration.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}
