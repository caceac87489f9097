import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataFileResponse } from "~/account/data-file.server";
import { requireApplicant } from "~/account/session.server";
import { getTranslator } from "~/i18n/i18n.server";
import { getDataExport } from "~/upstream/personal-data.server";

/**
 * GDPR Art. 15 (docs/decisions/182): the signed-in applicant downloads everything stored about them, linked from the
 * profile page, in the language they use. Signed out, the login (and back here afterwards).
 */
export async function loader(args: LoaderFunctionArgs) {
  const applicant = await requireApplicant(args);
  const data = await getDataExport(args.context, applicant.session, applicant.language);
  const t = getTranslator(applicant.language, "pages");
  return dataFileResponse(data, t("profile.dataExport.about"), `my-data-${applicant.cstm}.json`);
}
