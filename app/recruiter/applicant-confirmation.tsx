import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ApplicantDetail } from "~/upstream/recruiter/detail.server";
import { withList } from "./list-context";

/** A step the applicant page asks to confirm, held in its URL (docs/decisions/150): taking access away, a retest. */
export type ApplicantConfirmation = { kind: "access" } | { kind: "retest"; profileId: string; modules: number[] };

/** The confirmation step: what would happen, a POST form that does it, and the way back to the page. */
export function Confirmation({
  confirmation,
  applicant,
  name,
  pagePath: path,
  listSearch,
}: {
  confirmation: ApplicantConfirmation | null;
  applicant: ApplicantDetail;
  name: string;
  pagePath: string;
  listSearch: string;
}) {
  const { t } = useTranslation("recruiter");
  if (!confirmation) return null;
  const pagePath = withList(path, listSearch);
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
