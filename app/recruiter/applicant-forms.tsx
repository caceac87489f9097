import { useTranslation } from "~/i18n/react";
import type { ApplicantForm } from "~/upstream/recruiter/detail.server";
import { ActionField, ActionForm, errorOf, valueOf } from "./action-form";
import type { ActionFailure } from "./applicant-actions.server";
import { dateTime } from "./audit-table";

/** The refused form post of this form, if the page answers one (its module and profile name this form). */
function failureOfForm(failure: ActionFailure | undefined, form: ApplicantForm) {
  return failure?.intent === "form" && failure.values.moduleId === String(form.moduleId) && failure.values.profileId === form.profileId
    ? failure
    : undefined;
}

/** The message of a refused form post that names no form on the page, if that is what happened. */
export function unmatchedFormFailure(failure: ActionFailure | undefined, forms: ApplicantForm[]): string | undefined {
  if (failure?.intent !== "form" || forms.some((form) => failureOfForm(failure, form))) return undefined;
  return failure.errors[""] ?? "recruiter:applicant.errors.invalid";
}

/**
 * The applicant's form answers on the applicant page (docs/decisions/150): what was saved, and a form to correct
 * it that keeps what the recruiter entered when the server refuses it.
 */
export function FormSection({ form, failure: pageFailure }: { form: ApplicantForm; failure?: ActionFailure }) {
  const { t, language } = useTranslation("recruiter");
  const failure = failureOfForm(pageFailure, form);
  const headingId = `form-${form.profileId}-${form.moduleId}`;
  const display = (field: ApplicantForm["fields"][number], value: string | undefined) =>
    value === undefined || value === "" ? "—" : (field.options?.find((option) => option.value === value)?.label ?? value);
  return (
    <section className="card recruiter-section" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {form.title} ({form.profileId})
      </h3>
      {form.values === null ? (
        <p>{t("applicant.forms.notSaved")}</p>
      ) : (
        <>
          <p>{form.savedAt ? t("applicant.forms.savedAt", { date: dateTime(form.savedAt, language) }) : null}</p>
          <dl className="recruiter-facts">
            {form.fields.map((field) => (
              <div key={field.name}>
                <dt>{field.label}</dt>
                <dd>{display(field, form.values?.[field.name])}</dd>
              </div>
            ))}
          </dl>
          <details open={Boolean(failure)}>
            <summary>{t("applicant.forms.correct")}</summary>
            <ActionForm
              intent="form"
              id={`form-edit-${form.profileId}-${form.moduleId}`}
              title={t("applicant.forms.correctTitle", { form: form.title })}
              submit={t("applicant.forms.submit")}
              failure={failure}
              hidden={{ profileId: form.profileId, moduleId: String(form.moduleId) }}
            >
              {form.fields.map((field) => {
                const id = `form-${form.profileId}-${form.moduleId}-${field.name}`;
                const name = `field.${field.name}`;
                const value = valueOf(failure, "form", name, form.values?.[field.name] ?? "");
                const error = errorOf(failure, "form", name);
                return (
                  <ActionField key={field.name} id={id} label={field.label} error={error}>
                    {(aria) =>
                      field.options ? (
                        <select {...aria} name={name} defaultValue={value}>
                          {field.required ? null : <option value="">—</option>}
                          {field.options.map((option) => (
                            <option key={option.value} value={option.value}>
                              {option.label}
                            </option>
                          ))}
                        </select>
                      ) : field.type === "textarea" ? (
                        <textarea {...aria} name={name} rows={4} maxLength={field.maxLength ?? undefined} defaultValue={value} />
                      ) : (
                        <input
                          {...aria}
                          name={name}
                          type={field.type === "date" ? "date" : field.type === "email" ? "email" : "text"}
                          maxLength={field.maxLength ?? undefined}
                          defaultValue={value}
                        />
                      )
                    }
                  </ActionField>
                );
              })}
            </ActionForm>
          </details>
        </>
      )}
      {form.earlierValues.length > 0 ? (
        <p className="recruiter-sub">{t("applicant.forms.earlier", { count: form.earlierValues.length })}</p>
      ) : null}
    </section>
  );
}
