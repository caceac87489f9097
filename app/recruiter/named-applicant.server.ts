import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getTranslator } from "~/i18n/i18n.server";
import { applicantDetail } from "~/upstream/recruiter/detail.server";
import { recruiterPath } from "./paths";
import { requireRecruiter, withRecruiterUpstream } from "./session.server";

/**
 * The pages of one applicant beside the applicant page (test continue, erasure): the signed-in recruiter, the
 * applicant from the path (404 for one the recruiter may not see), the name they are shown by, and the way back.
 */
export async function loadNamedApplicant(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const userName = args.params.userName ?? "";
  const applicant = await withRecruiterUpstream(args, recruiter, () => applicantDetail(args.context, session, cstm, userName, language));
  const t = getTranslator(language, "recruiter");
  const name = [applicant.firstName, applicant.lastName].filter(Boolean).join(" ") || t("list.anonymous");
  return { recruiter, userName, applicant, name, t, pagePath: recruiterPath(cstm, `/applicants/${encodeURIComponent(userName)}`) };
}
