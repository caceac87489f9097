import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getTranslator } from "~/i18n/i18n.server";
import { applicantDetail } from "~/upstream/recruiter/detail.server";
import { readListContext, withList } from "./list-context";
import { APPLICANT_STATUSES } from "./list-query";
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
  // The way back keeps the list the applicant page was opened from (docs/decisions/188).
  const list = readListContext(new URL(args.request.url).searchParams, APPLICANT_STATUSES);
  const pagePath = withList(recruiterPath(cstm, `/applicants/${encodeURIComponent(userName)}`), list.search);
  return { recruiter, userName, applicant, name, t, pagePath, listSearch: list.search };
}
