import type { ActionFunctionArgs } from "@remix-run/node";
import {
  createReportBudget,
  handleClientErrorReport,
  MAX_REPORT_BYTES,
  parseBrowserReport,
} from "~/errors/client-errors.server";

/**
 * POST /_client-errors: the browser's error reports (app/errors/client-report.ts) arrive here and
 * go on to POST /api/handleClientError and Sentry (R-ENT-09). Answers 204, also when forwarding
 * failed: the page that reported has nothing more to do.
 */
const budget = createReportBudget(60);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_REPORT_BYTES) return new Response(null, { status: 413 });
  const text = await request.text();
  if (text.length > MAX_REPORT_BYTES) return new Response(null, { status: 413 });
  const report = parseBrowserReport(text);
  if (!report) return new Response(null, { status: 400 });
  if (!budget.take()) {
    context.logger.warn("client error report dropped: budget exhausted");
    return new Response(null, { status: 429 });
  }
  await handleClientErrorReport(context, request, report);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
