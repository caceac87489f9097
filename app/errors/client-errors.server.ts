import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { getSession } from "~/session/request.server";
import { callUpstream } from "~/upstream/client.server";
import { isCatalogueError } from "./catalogue-error";
import { redactUrl } from "./redact";
import { customerOfPath } from "./customer-segment";
import { captureForSupport } from "./report.server";

/**
 * The server side of client error reports (R-ENT-09, docs/decisions/009-client-error-reports.md):
 * the browser posts what it knows (message, stack, page); the server adds what only it knows and
 * trusts (user agent, customer, the session's user info, never a token or password), logs it,
 * sends it to Sentry and forwards it to POST /api/handleClientError.
 */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

const browserReportSchema = z.object({
  source: z.enum(["error", "unhandledrejection", "boundary"]),
  message: z.string().transform((value) => value.slice(0, 2000)),
  stack: z
    .string()
    .default("")
    .transform((value) => value.slice(0, 8000)),
  url: z
    .string()
    .max(2000)
    .refine((value) => value.startsWith("/") && !value.startsWith("//"), "a path of this site"),
  reference: z.string().regex(REQUEST_ID).optional(),
});

export type BrowserReport = z.infer<typeof browserReportSchema>;

/** The spec's client error report (§3, R-ENT-09), as sent to POST /api/handleClientError. */
export interface ClientErrorReport {
  /** The customer (Mandant) the page belongs to; empty when the page had none. */
  client: string;
  userAgent: string;
  url: string;
  errMessage: string;
  errStack: string;
  userInfo: { userName: string; anonymous: boolean; profileId?: string } | { userName: string; role: "recruiter" } | null;
}

/** Bodies larger than this are not error reports. */
export const MAX_REPORT_BYTES = 16 * 1024;

export function parseBrowserReport(text: string): BrowserReport | null {
  try {
    const parsed = browserReportSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A per-process budget for reports (a fixed window): the safety cap over all clients behind the
 * per-client budget (app/errors/report-budget.ts), so reports from many addresses at once cannot
 * flood the upstream and Sentry either.
 */
export function createReportBudget(perMinute: number, now: () => number = Date.now) {
  let windowStart = 0;
  let used = 0;
  return {
    take(): boolean {
      const time = now();
      if (time - windowStart >= 60_000) {
        windowStart = time;
        used = 0;
      }
      used++;
      return used <= perMinute;
    },
  };
}

export async function handleClientErrorReport(context: AppLoadContext, request: Request, report: BrowserReport): Promise<void> {
  const origin = new URL(request.url).origin;
  const pathname = report.url.split(/[?#]/)[0];
  const cstm = customerOfPath(pathname);
  const session = await getSession(request, context).catch(() => undefined);
  const applicant = session?.get("applicant");
  const recruiter = session?.get("recruiter");
  const sameCustomer = !cstm || session?.get("cstm") === cstm;
  const userInfo: ClientErrorReport["userInfo"] =
    applicant && sameCustomer
      ? {
          userName: applicant.userName,
          anonymous: applicant.anonymous,
          ...(session?.get("activeProfileId") ? { profileId: session.get("activeProfileId") } : {}),
        }
      : recruiter && sameCustomer
        ? { userName: recruiter.userName, role: "recruiter" }
        : null;
  // Frames of this build's bundles in original source (docs/decisions/174): for the log line, Sentry and the upstream.
  const mapped = await context.services.stackMapper.map(report.stack);
  const forwarded: ClientErrorReport = {
    client: cstm ?? "",
    userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 500),
    url: origin + redactUrl(report.url),
    errMessage: report.message,
    errStack: mapped.stack,
    userInfo,
  };

  // The log line carries the browser's own stack beside the mapped one.
  const stackMapped = mapped.bundleFrames === 0 ? undefined : `${mapped.mappedFrames}/${mapped.bundleFrames}`;
  context.logger.warn(
    {
      clientError: {
        source: report.source,
        message: report.message,
        url: redactUrl(report.url),
        stack: mapped.stack.slice(0, 2000),
        ...(mapped.mappedFrames > 0 ? { bundleStack: report.stack.slice(0, 2000) } : {}),
        stackMapped,
      },
      cstm,
      reference: report.reference,
      signedIn: userInfo !== null,
    },
    "client error",
  );

  const error = new Error(report.message || "(no message)");
  error.name = `ClientError (${report.source})`;
  const sentryStack = context.services.sentryClientStacks === "bundle" ? report.stack : mapped.stack;
  error.stack = sentryStack || `${error.name}: ${error.message}`;
  captureForSupport(
    error,
    { requestId: context.requestId, cstm, route: pathname, reference: report.reference, source: report.source, stack_mapped: stackMapped },
    {
      sentryEnabled: context.services.sentryEnabled,
      extra: {
        url: forwarded.url,
        userAgent: forwarded.userAgent,
        stack: mapped.stack,
        ...(mapped.mappedFrames > 0 ? { bundleStack: report.stack } : {}),
      },
    },
  );

  try {
    // Signed-in applicants call with their token (spec §6: every call but the listed ones carries
    // it); anyone else, e.g. on the login page, calls without one (decision 009).
    await callUpstream(context, {
      method: "POST",
      path: "/handleClientError",
      body: forwarded,
      auth: applicant && sameCustomer ? "token" : "none",
      session,
    });
  } catch (failure) {
    const code = isCatalogueError(failure) ? failure.code : undefined;
    context.logger.warn({ code, err: isCatalogueError(failure) ? undefined : failure }, "client error report not forwarded");
  }
}
