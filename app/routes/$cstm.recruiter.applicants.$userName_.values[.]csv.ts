import type { LoaderFunctionArgs } from "@remix-run/node";
import { getTranslator } from "~/i18n/i18n.server";
import { csvResponse, toCsv } from "~/recruiter/csv.server";
import { recruiterPath, requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { isRateLimited, refusedDownload } from "~/recruiter/too-many.server";
import { applicantValues, type ApplicantValues } from "~/upstream/recruiter/exports.server";

/**
 * Get user values (docs/decisions/149): the applicant's scale values and form answers as CSV
 * (app/recruiter/csv.server.ts), one row per value. The upstream records and limits the export; its
 * refusal (429, docs/decisions/171) brings the recruiter back to the applicant page with the message.
 */
export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const userName = args.params.userName ?? "";
  let values: ApplicantValues;
  try {
    values = await withRecruiterUpstream(args, recruiter, () => applicantValues(args.context, session, cstm, userName, language));
  } catch (error) {
    if (isRateLimited(error)) {
      throw await refusedDownload(args, recruiter, "values", recruiterPath(cstm, `/applicants/${encodeURIComponent(userName)}`));
    }
    throw error;
  }
  const t = getTranslator(language, "recruiter");
  const header = ["kind", "profile", "module", "name", "score", "maxScore", "normValue", "value", "date"].map((column) =>
    t(`valuesCsv.${column}`),
  );
  const rows = [
    ...values.scales.map((scale) => [
      t("valuesCsv.scale"),
      `${scale.profileName} (${scale.profileId})`,
      scale.moduleId,
      scale.name,
      scale.score ?? "",
      scale.maxScore ?? "",
      scale.normValue ?? "",
      "",
      scale.finishedAt?.slice(0, 10) ?? "",
    ]),
    ...values.forms.map((answer) => [
      t("valuesCsv.form"),
      answer.profileId,
      answer.moduleId,
      answer.label,
      "",
      "",
      "",
      answer.value ?? "",
      answer.savedAt?.slice(0, 10) ?? "",
    ]),
  ];
  return csvResponse(toCsv(header, rows, language), `values-${userName}.csv`);
}
