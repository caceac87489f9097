import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { MailPreview } from "~/upstream/recruiter/actions.server";
import { ActionField, errorOf } from "./action-form";
import type { ActionFailure } from "./applicant-actions.server";

/** A mail preview of one template, shown before it is sent (docs/decisions/150). */
export type EmailPreview = MailPreview & { template: string };

/**
 * E-mail to the applicant: choose a template, see the preview (a state of the page in its URL), send it.
 * Both steps are POST forms, so it works without JavaScript.
 */
export function EmailSection({
  preview,
  previewFailed,
  failure,
  email,
}: {
  preview: EmailPreview | null;
  previewFailed: boolean;
  failure?: ActionFailure;
  /** The applicant's address; without one the section says so. */
  email: string | null;
}) {
  const { t } = useTranslation("recruiter");
  const templates = ["invitation", "reminder", "password-reset"];
  return (
    <section id="email" className="card recruiter-section" aria-labelledby="email-title">
      <h2 id="email-title">{t("applicant.email.title")}</h2>
      {!email ? <p>{t("applicant.errors.noEmail")}</p> : null}
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="email-preview" />
        <ActionField id="email-template" label={t("applicant.email.template")} error={errorOf(failure, "email-preview", "template")}>
          {(aria) => (
            <select {...aria} name="template" defaultValue={preview?.template ?? "invitation"}>
              {templates.map((template) => (
                <option key={template} value={template}>
                  {t(`applicant.email.templates.${template}`)}
                </option>
              ))}
            </select>
          )}
        </ActionField>
        <button type="submit" className="button">
          {t("applicant.email.preview")}
        </button>
      </Form>
      {previewFailed ? (
        <p className="field-error" role="alert">
          {t("applicant.email.previewFailed")}
        </p>
      ) : null}
      {preview ? (
        <div className="recruiter-section">
          <h3>{t("applicant.email.previewTitle", { template: t(`applicant.email.templates.${preview.template}`) })}</h3>
          <dl className="recruiter-facts">
            <dt>{t("applicant.email.to")}</dt>
            <dd>{preview.to}</dd>
            <dt>{t("applicant.email.language")}</dt>
            <dd>{t(`applicant.languages.${preview.language}`, { defaultValue: preview.language })}</dd>
            <dt>{t("applicant.email.subject")}</dt>
            <dd>{preview.subject}</dd>
          </dl>
          <div className="mail-preview">{preview.text}</div>
          <Form method="post" noValidate className="recruiter-section">
            <input type="hidden" name="intent" value="email-send" />
            <input type="hidden" name="template" value={preview.template} />
            {failure?.intent === "email-send" && failure.errors[""] ? (
              <div className="form-errors" role="alert">
                <p>{t(failure.errors[""])}</p>
              </div>
            ) : null}
            <button type="submit" className="button button-primary">
              {t("applicant.email.send")}
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
