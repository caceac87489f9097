import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDate } from "~/i18n/format-date";
import { useTranslation } from "~/i18n/react";
import type { MailPreview } from "~/upstream/recruiter/actions.server";
import type { ApplicantDetail, ApplicantForm, ApplicantProfile, AuditEntry } from "~/upstream/recruiter/detail.server";
import type { ActionFailure } from "./applicant-actions.server";
import type { Intent } from "./intents";
import { ProgressBar } from "./applicant-list";
import { AuditTable, dateTime } from "./audit-table";
import { withList } from "./list-context";
import { ListNavigation, type ListNavigationProps } from "./list-navigation";
import { ShortlistSection } from "./shortlist-section";

/**
 * The applicant page of the recruiter workspace (docs/decisions/150). Every action is a
 * POST form with its own `intent`; the confirmation step and the mail preview are states of the
 * page in its URL, so all of it works without JavaScript.
 */
export interface ApplicantPageProps {
  name: string;
  pagePath: string;
  /** The list the page was opened from (docs/decisions/188), carried on by the pages reached from here. */
  listSearch: string;
  navigation: ListNavigationProps;
  applicant: ApplicantDetail;
  confirmation: { kind: "access" } | { kind: "retest"; profileId: string; modules: number[] } | null;
  preview: (MailPreview & { template: string }) | null;
  previewFailed: boolean;
  failure?: ActionFailure;
}

/** A field of an action form: label, control, and the server's message for it. */
function ActionField({
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
function ActionForm({
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

function errorOf(failure: ActionFailure | undefined, intent: Intent, field: string): string | undefined {
  return failure?.intent === intent ? failure.errors[field] : undefined;
}

function valueOf(failure: ActionFailure | undefined, intent: Intent, field: string, fallback: string): string {
  return failure?.intent === intent && field in failure.values ? failure.values[field] : fallback;
}

function Facts({ applicant }: { applicant: ApplicantDetail }) {
  const { t, language } = useTranslation("recruiter");
  const yesNo = (value: boolean) => (value ? t("list.yes") : t("list.no"));
  const rows: [string, ReactNode][] = [
    [t("applicant.facts.userName"), applicant.userName],
    [t("applicant.facts.email"), applicant.email ?? "—"],
    [t("applicant.facts.language"), t(`applicant.languages.${applicant.language}`, { defaultValue: applicant.language })],
    [t("applicant.facts.status"), t(`status.${applicant.status}`, { defaultValue: applicant.status })],
    [t("applicant.facts.owner"), applicant.owner?.name ?? t("list.noOwner")],
    [t("applicant.facts.access"), applicant.loginEnabled ? t("applicant.access.enabled") : t("applicant.access.disabled")],
    [t("applicant.facts.activated"), yesNo(applicant.activated)],
    [t("applicant.facts.expired"), yesNo(applicant.expired)],
    [t("applicant.facts.anonymous"), yesNo(applicant.anonymous)],
    [t("applicant.facts.onSite"), yesNo(applicant.onSite)],
    [t("applicant.facts.registered"), formatDate(applicant.registeredAt, language)],
    [t("applicant.facts.lastActivity"), applicant.lastActivityAt ? dateTime(applicant.lastActivityAt, language) : t("list.never")],
    [
      t("applicant.facts.progress"),
      <ProgressBar
        key="progress"
        finished={applicant.finishedModules}
        total={applicant.totalModules}
        progress={
          applicant.totalModules > 0
            ? Math.floor((Math.min(applicant.finishedModules, applicant.totalModules) * 100) / applicant.totalModules)
            : 0
        }
      />,
    ],
  ];
  return (
    <dl className="recruiter-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileSection({ profile, props }: { profile: ApplicantProfile; props: ApplicantPageProps }) {
  const { t, language } = useTranslation("recruiter");
  const { failure, pagePath } = props;
  const finishedModules = profile.containers.flatMap((container) => container.modules).filter((module) => module.finishedAt !== null);
  const headingId = `profile-${profile.id}`;
  return (
    <section className="card recruiter-section" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {profile.name} ({profile.id})
      </h3>
      <p>
        {profile.isOpen ? t("applicant.profile.open") : t("applicant.profile.closed")}
        {" · "}
        {profile.openUntil
          ? t("applicant.profile.openUntil", { date: formatDate(profile.openUntil, language) })
          : t("applicant.profile.noEnd")}
        {" · "}
        {t("list.progressText", {
          finished: profile.finished,
          total: profile.total,
          percent: profile.total > 0 ? Math.floor((profile.finished * 100) / profile.total) : 0,
        })}
      </p>
      {profile.isOpen && profile.finished < profile.total ? (
        // Test continue (decision 156): a one-time code for a station, on a page of its own.
        <p>
          <a href={withList(`${pagePath}/continue?profile=${encodeURIComponent(profile.id)}`, props.listSearch)}>
            {t("continue.link", { profile: profile.name })}
          </a>
        </p>
      ) : null}
      <div className="table-scroll" role="region" aria-labelledby={`${headingId}-caption`} tabIndex={0}>
        <table className="recruiter-table">
          <caption id={`${headingId}-caption`}>{t("applicant.profile.caption", { profile: profile.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("applicant.profile.module")}</th>
              <th scope="col">{t("applicant.profile.state")}</th>
              <th scope="col">{t("applicant.profile.score")}</th>
              <th scope="col">{t("applicant.profile.normValue")}</th>
              <th scope="col">{t("applicant.profile.earlier")}</th>
            </tr>
          </thead>
          {profile.containers.map((container) => (
            <tbody key={container.id}>
              <tr>
                <th scope="rowgroup" colSpan={5}>
                  {container.name} —{" "}
                  {t("list.progressText", {
                    finished: container.finished,
                    total: container.total,
                    percent: container.total > 0 ? Math.floor((container.finished * 100) / container.total) : 0,
                  })}
                </th>
              </tr>
              {container.modules.map((module) => (
                <tr key={module.id}>
                  <th scope="row">
                    {module.name} <span className="recruiter-sub">{t("applicant.profile.moduleId", { id: module.id })}</span>
                  </th>
                  <td>
                    {module.finishedAt
                      ? module.skipped
                        ? t("applicant.profile.skipped", { date: formatDate(module.finishedAt, language) })
                        : t("applicant.profile.finished", { date: formatDate(module.finishedAt, language) })
                      : t("applicant.profile.notFinished")}
                  </td>
                  <td>{module.score !== null ? `${module.score} / ${module.maxScore}` : "—"}</td>
                  <td>{module.normValue ?? "—"}</td>
                  <td>
                    {module.earlierResults.length === 0
                      ? "—"
                      : module.earlierResults.map((result) => (
                          <span key={result.retestAt} className="recruiter-sub">
                            {t("applicant.profile.earlierResult", {
                              score: result.score ?? "—",
                              norm: result.normValue ?? "—",
                              date: formatDate(result.finishedAt, language),
                            })}
                          </span>
                        ))}
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <ShortlistSection profileId={profile.id} shortlist={props.applicant.shortlist} failure={failure} />
      <div className="recruiter-actions recruiter-section">
        <ActionForm
          intent="open-until"
          id={`open-until-${profile.id}`}
          title={t("applicant.openUntil.title")}
          submit={t("applicant.openUntil.submit")}
          failure={failure?.values.profileId === profile.id ? failure : undefined}
          hidden={{ profileId: profile.id }}
        >
          <ActionField
            id={`open-until-${profile.id}-date`}
            label={t("applicant.openUntil.label", { profile: profile.name })}
            error={errorOf(failure?.values.profileId === profile.id ? failure : undefined, "open-until", "openUntil")}
          >
            {(aria) => <input {...aria} name="openUntil" type="date" defaultValue={profile.openUntil ?? ""} />}
          </ActionField>
          <p className="field-hint">{t("applicant.openUntil.hint")}</p>
        </ActionForm>
        <ActionForm
          intent="retest"
          id={`retest-${profile.id}`}
          title={t("applicant.retest.title")}
          submit={t("applicant.retest.submit")}
          failure={failure?.values.profileId === profile.id ? failure : undefined}
          hidden={{ profileId: profile.id }}
        >
          {finishedModules.length === 0 ? (
            <p>{t("applicant.retest.none")}</p>
          ) : (
            <fieldset className="field">
              <legend>{t("applicant.retest.legend", { profile: profile.name })}</legend>
              {finishedModules.map((module) => (
                <div key={module.id} className="field-checkbox">
                  <input id={`retest-${profile.id}-${module.id}`} type="checkbox" name="module" value={module.id} />
                  <label htmlFor={`retest-${profile.id}-${module.id}`}>{module.name}</label>
                </div>
              ))}
              {errorOf(failure?.values.profileId === profile.id ? failure : undefined, "retest", "module") ? (
                <p className="field-error">{t(errorOf(failure, "retest", "module")!)}</p>
              ) : null}
            </fieldset>
          )}
        </ActionForm>
        {profile.reportAvailable ? (
          <section className="card" aria-labelledby={`report-${profile.id}`}>
            <h3 id={`report-${profile.id}`}>{t("applicant.report.title")}</h3>
            <p>
              {/* No `download` attribute: see the list's export link (decision 171). */}
              <a href={`${pagePath}/report/${encodeURIComponent(profile.id)}`}>
                {t("applicant.report.download", { profile: profile.name })}
              </a>
            </p>
          </section>
        ) : null}
      </div>
    </section>
  );
}

/** The refused form post of this form, if the page answers one (its module and profile name this form). */
function failureOfForm(failure: ApplicantPageProps["failure"], form: ApplicantForm) {
  return failure?.intent === "form" && failure.values.moduleId === String(form.moduleId) && failure.values.profileId === form.profileId
    ? failure
    : undefined;
}

/** The message of a refused form post that names no form on the page, if that is what happened. */
function unmatchedFormFailure(props: ApplicantPageProps): string | undefined {
  const failure = props.failure;
  if (failure?.intent !== "form" || props.applicant.forms.some((form) => failureOfForm(failure, form))) return undefined;
  return failure.errors[""] ?? "recruiter:applicant.errors.invalid";
}

function FormSection({ form, props }: { form: ApplicantForm; props: ApplicantPageProps }) {
  const { t, language } = useTranslation("recruiter");
  const failure = failureOfForm(props.failure, form);
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

function describeChanges(entry: AuditEntry, t: (key: string, options?: Record<string, string | number>) => string): string {
  const parts: string[] = [];
  const show = (value: unknown) =>
    value === null || value === undefined || value === "" ? "—" : typeof value === "string" ? value : JSON.stringify(value);
  for (const [field, change] of Object.entries(entry.changes)) {
    if (change && typeof change === "object" && "before" in change && "after" in change) {
      const { before, after } = change;
      parts.push(`${field}: ${show(before)} → ${show(after)}`);
    } else if (field === "fields" && change && typeof change === "object") {
      for (const [name, value] of Object.entries(change as Record<string, { before: unknown; after: unknown }>)) {
        parts.push(`${name}: ${show(value.before)} → ${show(value.after)}`);
      }
    } else {
      parts.push(`${field}: ${show(change)}`);
    }
  }
  return parts.join("; ") || t("applicant.audit.noDetails");
}

function AuditTrail({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation("recruiter");
  return (
    <AuditTable
      id="audit"
      title={t("applicant.audit.title")}
      empty={t("applicant.audit.empty")}
      caption={t("applicant.audit.caption")}
      rows={entries.map((entry) => ({
        id: entry.id,
        at: entry.at,
        recruiter: entry.recruiter,
        action: t(`applicant.audit.actions.${entry.action}`, { defaultValue: entry.action }),
        changes: describeChanges(entry, t),
      }))}
    />
  );
}

function Confirmation({ props }: { props: ApplicantPageProps }) {
  const { t } = useTranslation("recruiter");
  const { confirmation, applicant, name, listSearch } = props;
  if (!confirmation) return null;
  const pagePath = withList(props.pagePath, listSearch);
  const profile =
    confirmation.kind === "retest" ? applicant.profiles.find((candidate) => candidate.id === confirmation.profileId) : undefined;
  const modules =
    confirmation.kind === "retest"
      ? (profile?.containers.flatMap((container) => container.modules).filter((module) => confirmation.modules.includes(module.id)) ?? [])
      : [];
  return (
    <section id="confirmation" className="card confirmation" aria-labelledby="confirmation-title">
      <h2 id="confirmation-title">
        {confirmation.kind === "access" ? t("applicant.confirm.accessTitle", { name }) : t("applicant.confirm.retestTitle", { name })}
      </h2>
      {confirmation.kind === "access" ? (
        <p>{t("applicant.confirm.accessText")}</p>
      ) : (
        <>
          <p>{t("applicant.confirm.retestText", { profile: profile?.name ?? confirmation.profileId })}</p>
          <ul>
            {modules.map((module) => (
              <li key={module.id}>{module.name}</li>
            ))}
          </ul>
        </>
      )}
      <Form method="post" action={pagePath} className="filter-actions">
        <input type="hidden" name="confirmed" value="yes" />
        {confirmation.kind === "access" ? (
          <>
            <input type="hidden" name="intent" value="access" />
            <input type="hidden" name="loginEnabled" value="false" />
          </>
        ) : (
          <>
            <input type="hidden" name="intent" value="retest" />
            <input type="hidden" name="profileId" value={confirmation.profileId} />
            {confirmation.modules.map((id) => (
              <input key={id} type="hidden" name="module" value={id} />
            ))}
          </>
        )}
        <button type="submit" className="button button-primary">
          {confirmation.kind === "access" ? t("applicant.confirm.accessSubmit") : t("applicant.confirm.retestSubmit")}
        </button>
        <Link to={pagePath}>{t("applicant.confirm.cancel")}</Link>
      </Form>
    </section>
  );
}

function EmailSection({ props }: { props: ApplicantPageProps }) {
  const { t } = useTranslation("recruiter");
  const { preview, previewFailed, failure, applicant } = props;
  const templates = ["invitation", "reminder", "password-reset"];
  return (
    <section id="email" className="card recruiter-section" aria-labelledby="email-title">
      <h2 id="email-title">{t("applicant.email.title")}</h2>
      {!applicant.email ? <p>{t("applicant.errors.noEmail")}</p> : null}
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

export function ApplicantPage(props: ApplicantPageProps) {
  const { t } = useTranslation("recruiter");
  const { applicant, name, pagePath, failure } = props;
  const options = applicant.options;
  const unmatchedMessage = unmatchedFormFailure(props);
  return (
    <article aria-labelledby="applicant-title">
      <ListNavigation {...props.navigation} />
      <h1 id="applicant-title">{name}</h1>
      <Confirmation props={props} />
      <Facts applicant={applicant} />

      <h2 className="recruiter-section">{t("applicant.actionsTitle")}</h2>
      <div className="recruiter-actions">
        <ActionForm intent="status" title={t("applicant.status.title")} submit={t("applicant.save")} failure={failure}>
          <ActionField id="status" label={t("applicant.status.label")} error={errorOf(failure, "status", "status")}>
            {(aria) => (
              <select {...aria} name="status" defaultValue={valueOf(failure, "status", "status", applicant.status)}>
                {options.statuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`status.${status}`, { defaultValue: status })}
                  </option>
                ))}
              </select>
            )}
          </ActionField>
        </ActionForm>
        <ActionForm intent="owner" title={t("applicant.owner.title")} submit={t("applicant.save")} failure={failure}>
          <ActionField id="owner" label={t("applicant.owner.label")} error={errorOf(failure, "owner", "owner")}>
            {(aria) => (
              <select {...aria} name="owner" defaultValue={valueOf(failure, "owner", "owner", applicant.owner?.userName ?? "")}>
                <option value="">{t("list.noOwner")}</option>
                {options.owners.map((owner) => (
                  <option key={owner.value} value={owner.value}>
                    {owner.label}
                  </option>
                ))}
              </select>
            )}
          </ActionField>
        </ActionForm>
        <ActionForm
          intent="access"
          title={t("applicant.access.title")}
          submit={applicant.loginEnabled ? t("applicant.access.disable") : t("applicant.access.enable")}
          failure={failure}
          hidden={{ loginEnabled: applicant.loginEnabled ? "false" : "true" }}
        >
          <p>{applicant.loginEnabled ? t("applicant.access.enabledText") : t("applicant.access.disabledText")}</p>
        </ActionForm>
        <ActionForm intent="details" title={t("applicant.details.title")} submit={t("applicant.save")} failure={failure}>
          {(["firstName", "lastName", "email"] as const).map((field) => (
            <ActionField
              key={field}
              id={`details-${field}`}
              label={t(`applicant.details.${field}`)}
              error={errorOf(failure, "details", field)}
            >
              {(aria) => (
                <input
                  {...aria}
                  name={field}
                  type={field === "email" ? "email" : "text"}
                  autoComplete="off"
                  maxLength={field === "email" ? 254 : 100}
                  defaultValue={valueOf(failure, "details", field, applicant[field] ?? "")}
                />
              )}
            </ActionField>
          ))}
          <ActionField id="details-language" label={t("applicant.details.language")} error={errorOf(failure, "details", "language")}>
            {(aria) => (
              <select {...aria} name="language" defaultValue={valueOf(failure, "details", "language", applicant.language)}>
                {options.languages.map((language) => (
                  <option key={language} value={language}>
                    {t(`applicant.languages.${language}`, { defaultValue: language })}
                  </option>
                ))}
              </select>
            )}
          </ActionField>
        </ActionForm>
        {options.assignableProfiles.length > 0 ? (
          <ActionForm intent="assign-profile" title={t("applicant.assign.title")} submit={t("applicant.assign.submit")} failure={failure}>
            <ActionField id="assign-profile" label={t("applicant.assign.profile")} error={errorOf(failure, "assign-profile", "profileId")}>
              {(aria) => (
                <select {...aria} name="profileId" defaultValue={valueOf(failure, "assign-profile", "profileId", "")}>
                  {options.assignableProfiles.map((profile) => (
                    <option key={profile.value} value={profile.value}>
                      {profile.label}
                    </option>
                  ))}
                </select>
              )}
            </ActionField>
            <ActionField
              id="assign-open-until"
              label={t("applicant.assign.openUntil")}
              error={errorOf(failure, "assign-profile", "openUntil")}
            >
              {(aria) => (
                <input {...aria} name="openUntil" type="date" defaultValue={valueOf(failure, "assign-profile", "openUntil", "")} />
              )}
            </ActionField>
            <p className="field-hint">{t("applicant.assign.openUntilHint")}</p>
          </ActionForm>
        ) : null}
      </div>

      <h2 className="recruiter-section">{t("applicant.profilesTitle")}</h2>
      {applicant.profiles.length === 0 ? <p>{t("applicant.noProfiles")}</p> : null}
      {applicant.profiles.map((profile) => (
        <ProfileSection key={profile.id} profile={profile} props={props} />
      ))}

      <h2 id="forms" className="recruiter-section">
        {t("applicant.forms.title")}
      </h2>
      {applicant.forms.length === 0 ? <p>{t("applicant.forms.none")}</p> : null}
      {unmatchedMessage ? (
        // A refused form whose module is none of the forms shown (a tampered module id): its message
        // has no form to stand on, so it stands under the heading; the forms keep what they hold.
        <div className="form-errors" role="alert">
          <p>{t(unmatchedMessage)}</p>
        </div>
      ) : null}
      {applicant.forms.map((form) => (
        <FormSection key={`${form.profileId}-${form.moduleId}`} form={form} props={props} />
      ))}

      <section className="recruiter-section" aria-labelledby="downloads-title">
        <h2 id="downloads-title">{t("applicant.downloads.title")}</h2>
        <p>
          <a href={`${pagePath}/values.csv`}>{t("applicant.downloads.values")}</a>
        </p>
      </section>

      <EmailSection props={props} />

      <section className="recruiter-section" aria-labelledby="privacy-title">
        <h2 id="privacy-title">{t("applicant.privacy.title")}</h2>
        <p>
          {/* GDPR Art. 17: the erasure's own page is its confirmation step (docs/decisions/181). */}
          <Link to={withList(`${pagePath}/erase`, props.listSearch)}>{t("applicant.privacy.erase")}</Link>
        </p>
        <p>
          <a href={`${pagePath}/data.json`} download>
            {t("applicant.privacy.export")}
          </a>
        </p>
      </section>
      <AuditTrail entries={applicant.audit} />
    </article>
  );
}
