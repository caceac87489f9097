import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataFileResponse } from "~/account/data-file.server";
import { getTranslator } from "~/i18n/i18n.server";
import { isSupportedLanguage } from "~/i18n/languages";
import { recruiterPath, requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { isRateLimited, refusedDownload } from "~/recruiter/too-many.server";
import { applicantDataExport } from "~/upstream/recruiter/exports.server";

/**
 * GDPR Art. 15 (docs/decisions/182): a recruiter produces the file the applicant would download, for a request that
 * reached the employer rather than the platform. In the applicant's own language; the upstream records and limits
 * the export like the values CSV (docs/decisions/171).
 */
export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, session } = recruiter;
  const userName = args.params.userName ?? "";
  let data: Record<string, unknown>;
  try {
    data = await withRecruiterUpstream(args, recruiter, () => applicantDataExport(args.context, session, cstm, userName));
  } catch (error) {
    if (isRateLimited(error)) {
      throw await refusedDownload(args, recruiter, "data-export", recruiterPath(cstm, `/applicants/${encodeURIComponent(userName)}`));
    }
    throw error;
  }
  const t = getTranslator(
    typeof data.language === "string" && isSupportedLanguage(data.language) ? data.language : recruiter.language,
    "pages",
  );
  return dataFileResponse(data, t("profile.dataExport.about"), `data-${userName}.json`);
}
