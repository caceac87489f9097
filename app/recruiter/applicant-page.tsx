import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDate } from "~/i18n/format-date";
import { useTranslation } from "~/i18n/react";
import type { ApplicantDetail } from "~/upstream/recruiter/detail.server";
import { ActionField, ActionForm, errorOf, valueOf } from "./action-form";
import type { ActionFailure } from "./applicant-actions.server";
import { AuditTrail } from "./applicant-audit";
import { Confirmation, type ApplicantConfirmation } from "./applicant-confirmation";
import { EmailSection, type EmailPreview } from "./applicant-email";
import { FormSection, unmatchedFormFailure } from "./applicant-forms";
import { ProgressBar } from "./applicant-list";
import { ProfileSection } from "./applicant-profile";
import { dateTime } from "./audit-table";
import { withList } from "./list-context";
import { ListNavigation, type ListNavigationProps } from "./list-navigation";

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
  confirmation: ApplicantConfirmation | null;
  preview: EmailPreview | null;
  previewFailed: boolean;
  failure?: ActionFailure;
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

export function ApplicantPage(props: ApplicantPageProps) {
  const { t } = useTranslation("recruiter");
  const { applicant, name, pagePath, failure } = props;
  const options = applicant.options;
  const unmatchedMessage = unmatchedFormFailure(failure, applicant.forms);
  return (
    <article aria-labelledby="applicant-title">
      <ListNavigation {...props.navigation} />
      <h1 id="applicant-title">{name}</h1>
      <Confirmation confirmation={props.confirmation} applicant={applicant} name={name} pagePath={pagePath} listSearch={props.listSearch} />
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
        <ProfileSection
          key={profile.id}
          profile={profile}
          shortlist={applicant.shortlist}
          pagePath={pagePath}
          listSearch={props.listSearch}
          failure={failure}
        />
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
        <FormSection key={`${form.profileId}-${form.moduleId}`} form={form} failure={failure} />
      ))}

      <section className="recruiter-section" aria-labelledby="downloads-title">
        <h2 id="downloads-title">{t("applicant.downloads.title")}</h2>
        <p>
          <a href={`${pagePath}/values.csv`}>{t("applicant.downloads.values")}</a>
        </p>
      </section>

      <EmailSection preview={props.preview} previewFailed={props.previewFailed} failure={failure} email={applicant.email} />

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
