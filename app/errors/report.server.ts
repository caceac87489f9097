import type { AppLoadContext } from "@remix-run/node";
import * as Sentry from "@sentry/remix";

/**
 * Unexpected server failures: logged with the request id and, when SENTRY_DSN is set, sent to
 * Sentry tagged with request id, customer and route, so support staff can find the event from the
 * reference shown on the error page (R-CAT-05). Expected answers (status >= 400) never come here.
 */
export function reportServerError(error: unknown, request: Request, context: AppLoadContext | undefined, extra?: Record<string, unknown>) {
  const url = new URL(request.url);
  const cstm = url.pathname.split("/")[1] || undefined;
  context?.logger.error({ err: error, cstm, path: url.pathname, ...extra }, "unexpected server error");
  if (!context?.services.sentryEnabled) return;
  Sentry.withScope((scope) => {
    scope.setTag("request_id", context.requestId);
    if (cstm) scope.setTag("cstm", cstm);
    scope.setTag("path", url.pathname);
    if (extra) scope.setExtras(extra);
    Sentry.captureException(error);
  });
}
