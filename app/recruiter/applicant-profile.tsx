import { formatDate } from "~/i18n/format-date";
import { useTranslation } from "~/i18n/react";
import type { ApplicantProfile } from "~/upstream/recruiter/detail.server";
import type { Shortlist } from "~/upstream/recruiter/shortlist.server";
import { ActionField, ActionForm, errorOf } from "./action-form";
import type { ActionFailure } from "./applicant-actions.server";
import { withList } from "./list-context";
import { ShortlistSection } from "./shortlist-section";
import { ScrollTable } from "./table-section";

/**
 * One assigned test on the applicant page (docs/decisions/150): its state, the modules' results with earlier
 * ones, the shortlist, and its actions (open until, retest, the report).
 */
export function ProfileSection({
  profile,
  shortlist,
  pagePath,
  listSearch,
  failure,
}: {
  profile: ApplicantProfile;
  shortlist: Shortlist;
  pagePath: string;
  /** The list the page was opened from (docs/decisions/188). */
  listSearch: string;
  failure?: ActionFailure;
}) {
  const { t, language } = useTranslation("recruiter");
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
          <a href={withList(`${pagePath}/continue?profile=${encodeURIComponent(profile.id)}`, listSearch)}>
            {t("continue.link", { profile: profile.name })}
          </a>
        </p>
      ) : null}
      <ScrollTable
        captionId={`${headingId}-caption`}
        className="recruiter-table"
        caption={t("applicant.profile.caption", { profile: profile.name })}
      >
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
      </ScrollTable>
      <ShortlistSection profileId={profile.id} shortlist={shortlist} failure={failure} />
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
