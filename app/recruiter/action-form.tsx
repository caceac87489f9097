import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import type { ActionFailure } from "./applicant-actions.server";
import type { Intent } from "./intents";

/**
 * The applicant page's action forms (docs/decisions/150): each a POST form with its own `intent`, its
 * fields with the server's messages, and a refused form keeping what the recruiter entered.
 */
/** A field of an action form: label, control, and the server's message for it. */
export function ActionField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const { t } = useTranslation("recruiter");
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { "aria-invalid": true as const, "aria-describedby": errorId } : {}) })}
      {error ? (
        <p id={errorId} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** One action: a card with its heading, the form-level message and the fields. */
export function ActionForm({
  intent,
  title,
  submit,
  failure,
  children,
  hidden = {},
  id,
}: {
  intent: Intent;
  title: string;
  submit: string;
  failure?: ActionFailure;
  children?: ReactNode;
  hidden?: Record<string, string>;
  id?: string;
}) {
  const { t } = useTranslation("recruiter");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const formError = failure?.intent === intent ? failure.errors[""] : undefined;
  const headingId = `action-${id ?? intent}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {formError ? (
          <div className="form-errors" role="alert">
            <p>{t(formError)}</p>
          </div>
        ) : null}
        {children}
        <button type="submit" className="button" disabled={busy}>
          {submit}
        </button>
      </Form>
    </section>
  );
}

/** The server's message for one field of this action's form, if it refused that form. */
export function errorOf(failure: ActionFailure | undefined, intent: Intent, field: string): string | undefined {
  return failure?.intent === intent ? failure.errors[field] : undefined;
}

/** What the recruiter entered in a refused form of this action, or else the stored value. */
export function valueOf(failure: ActionFailure | undefined, intent: Intent, field: string, fallback: string): string {
  return failure?.intent === intent && field in failure.values ? failure.values[field] : fallback;
}
