import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { recruiterPath } from "~/recruiter/paths";
import { requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { isRateLimited, refusedDownload } from "~/recruiter/too-many.server";
import { commitSession } from "~/session/request.server";
import { UpstreamError } from "~/upstream/failures.server";
import { applicantReport } from "~/upstream/recruiter/exports.server";

/**
 * Get user report (docs/decisions/150): the applicant's report PDF for one profile, streamed from the
 * upstream, also before the applicant may download it; in the recruiter's language. Without any
 * result yet (409) the applicant page says so instead, and so it does when the upstream refuses one
 * download too many (429, docs/decisions/171).
 */
export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const userName = args.params.userName ?? "";
  const profileId = args.params.profileId ?? "";
  let upstream: Response;
  try {
    upstream = await withRecruiterUpstream(args, recruiter, () =>
      applicantReport(args.context, session, cstm, userName, profileId, language),
    );
  } catch (error) {
    const pagePath = recruiterPath(cstm, `/applicants/${encodeURIComponent(userName)}`);
    if (isRateLimited(error)) throw await refusedDownload(args, recruiter, "report", pagePath);
    // No report for this profile, or no result yet: back to the applicant page, which says so.
    if (error instanceof UpstreamError && error.status === 409) {
      session.flash("notice", { key: "recruiter:applicant.report.noResults", kind: "error" });
      throw redirect(pagePath, {
        headers: { "Set-Cookie": await commitSession(args.context, session) },
      });
    }
    throw error;
  }
  const fileName = `report-${userName}-${profileId}.pdf`.replace(/[^A-Za-z0-9._-]/g, "_");
  return new Response(upstream.body, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
