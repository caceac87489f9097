import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { DataFunctionArgs } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";
import { detectDevice } from "~/domain/device";
import { canDownloadReport, contentDisposition, type ReportStatus } from "~/domain/report";
import { isReportedFailure } from "~/errors/mapping";
import { reportServerError } from "~/errors/report.server";
import { getTranslator } from "~/i18n/i18n.server";
import { commitSession } from "~/session/request.server";
import { endsSession, UpstreamError } from "~/upstream/failures.server";
import { createReport, getReportStatus } from "~/upstream/report.server";
import { requireActiveProfile, type ActiveProfileContext } from "./active-profile.server";

/** The report page's data and the report download (R-SCR-06, R-VAL-12, R-REP-01; docs/decisions/070–072). */
function logFailure(args: Pick<DataFunctionArgs, "request" | "context">, error: unknown, message: string) {
  // Upstream answers (4xx, a refused report) are expected; network failures, broken answers and bugs are faults.
  if (error instanceof UpstreamError && !isReportedFailure(error.failure)) {
    args.context.logger.warn({ err: error, code: error.code, status: error.status }, message);
  } else {
    reportServerError(error, args.request, args.context, { message });
  }
}

/**
 * The report status of the active profile, or null when it could not be loaded: the page then says
 * "Couldn't load report details." and stays usable. A session that ended is the error page's case.
 */
export async function loadReportStatus(
  args: Pick<DataFunctionArgs, "request" | "context">,
  active: Pick<ActiveProfileContext, "session" | "profileId" | "language">,
): Promise<ReportStatus | null> {
  try {
    return await getReportStatus(args.context, active.session, active.profileId, active.language);
  } catch (error) {
    if (endsSession(error) || !(error instanceof UpstreamError)) throw error;
    logFailure(args, error, "report details could not be loaded");
    return null;
  }
}

/** The download was asked for by the page's script (it accepts the PDF only), not by a navigation. */
function fetchedByScript(request: Request): boolean {
  const accept = request.headers.get("Accept") ?? "";
  return accept.includes("application/pdf") && !accept.includes("text/html");
}

type Refusal = "not-downloadable" | "failed" | "session-ended";

/**
 * A refused or failed download: a navigation goes back to the report page, which says "Report
 * download failed." once (or, when the session ended, leads to the sign-in); the page's script gets
 * a status and the same message as plain text. Never the upstream's body or a stack.
 */
async function refuse(args: LoaderFunctionArgs, active: ActiveProfileContext, refusal: Refusal): Promise<Response> {
  const { session, cstm, language } = active;
  if (fetchedByScript(args.request)) {
    const status = refusal === "session-ended" ? 401 : refusal === "not-downloadable" ? 409 : 502;
    return new Response(getTranslator(language, "errors")("reportDownloadFailed"), {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  // The user notification of the report page it goes back to (one time, role=alert).
  if (refusal !== "session-ended") session.flash("notice", { key: "errors:reportDownloadFailed", kind: "error" });
  throw redirect(customerPath(cstm, "/report"), {
    status: 303,
    headers: { "Set-Cookie": await commitSession(args.context, session), "Cache-Control": "no-store" },
  });
}

/**
 * GET /{cstm}/report/download: the active profile's report as report.pdf, streamed from the upstream.
 * R-VAL-12: only when every module is completed, checked here with the upstream's current status
 * whatever the request says, before the report is asked for.
 */
export async function downloadReport(args: LoaderFunctionArgs): Promise<Response> {
  const active = await requireActiveProfile(args);
  const { session, profileId, language, context } = { ...active, context: args.context };
  let pdf: Response;
  try {
    const status = await getReportStatus(context, session, profileId, language);
    if (!canDownloadReport(status)) return await refuse(args, active, "not-downloadable");
    pdf = await createReport(context, session, profileId, language);
  } catch (error) {
    if (error instanceof Response) throw error;
    logFailure(args, error, "report download failed");
    return refuse(args, active, endsSession(error) ? "session-ended" : "failed");
  }
  const headers = new Headers({
    "Content-Type": "application/pdf",
    // R-REP-01: saved as report.pdf; on smartphones shown in the (new) tab.
    "Content-Disposition": contentDisposition(detectDevice(args.request.headers.get("User-Agent"))),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    Vary: "User-Agent",
  });
  const length = pdf.headers.get("Content-Length");
  if (length) headers.set("Content-Length", length);
  return new Response(pdf.body, { status: 200, headers });
}
