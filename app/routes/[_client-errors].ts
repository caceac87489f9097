import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { createReportBudget, handleClientErrorReport, MAX_REPORT_BYTES, parseBrowserReport } from "~/errors/client-errors.server";
import { ALL_REPORTS_PER_MINUTE, CLIENT_REPORTS_PER_MINUTE } from "~/errors/report-budget";

/**
 * POST /_client-errors: the browser's error reports (app/errors/client-report.ts) arrive here and
 * go on to POST /api/handleClientError and Sentry (R-ENT-09). Answers 204, also when forwarding
 * failed: the page that reported has nothing more to do. Over a budget (app/errors/report-budget.ts):
 * 429 and nothing forwarded.
 */
const safetyCap = createReportBudget(ALL_REPORTS_PER_MINUTE);

/** This client's budget; when the counter store is down, only the per-process cap counts. */
async function clientOverBudget(context: AppLoadContext): Promise<boolean> {
  try {
    return await context.services.clientErrorLimiter.hit([
      { key: `client-errors:client:${context.clientIp}`, limit: CLIENT_REPORTS_PER_MINUTE },
    ]);
  } catch (error) {
    context.logger.warn({ err: error }, "client error report budget unavailable: only the per-process cap counts");
    return false;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_REPORT_BYTES) return new Response(null, { status: 413 });
  const text = await request.text();
  if (text.length > MAX_REPORT_BYTES) return new Response(null, { status: 413 });
  const report = parseBrowserReport(text);
  if (!report) return new Response(null, { status: 400 });
  if (await clientOverBudget(context)) {
    context.logger.warn("client error report dropped: this client's budget is exhausted");
    return new Response(null, { status: 429 });
  }
  if (!safetyCap.take()) {
    context.logger.warn("client error report dropped: the per-process cap is reached");
    return new Response(null, { status: 429 });
  }
  await handleClientErrorReport(context, request, report);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
