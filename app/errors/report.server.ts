import type { AppLoadContext } from "@remix-run/node";
import { customerOfPath } from "./customer-segment";
import { redactUrl } from "./redact";

/**
 * Faults reach the people who fix them: the pino log with the request id and, when SENTRY_DSN is
 * set, Sentry, tagged with request id, customer and route, so support staff find the event from
 * the reference on the error page (DESIGN §5). Expected answers (status >= 400) never come here
 * (R-CAT-05; the decision is made by the callers, see mapping.ts isReportedFailure).
 */
export interface ReportTags {
  requestId: string;
  cstm?: string;
  /** Remix route id, or the URL path where no route id is known. */
  route?: string;
  [name: string]: string | undefined;
}

/**
 * The Sentry SDK, loaded when the first event is sent rather than at start: it was the largest part
 * of the process's start-up (module loading), paid by every station boot and test server that runs
 * without SENTRY_DSN (docs/decisions/167). With a DSN, instrument.server.ts has loaded it already and
 * this resolves at once. The callers log every event themselves, so a failed load loses nothing the
 * log does not have.
 */
let sentrySdk: Promise<typeof import("@sentry/node")> | undefined;
type Scope = import("@sentry/node").Scope;

export interface CaptureOptions {
  sentryEnabled: boolean;
  extra?: Record<string, unknown>;
  fingerprint?: string[];
  /** The request that failed: its method and URL go with the event (scrubbed by beforeSend, decision 101). */
  request?: Request;
}

/** Sends one event to Sentry (when it is on) with the tags support searches by. */
export function captureForSupport(error: unknown, tags: ReportTags, options: CaptureOptions): void {
  if (!options.sentryEnabled) return;
  sentrySdk ??= import("@sentry/node");
  void sentrySdk.then(
    (Sentry) => sendEvent(Sentry, error, tags, options),
    () => undefined,
  );
}

function sendEvent(Sentry: typeof import("@sentry/node"), error: unknown, tags: ReportTags, options: CaptureOptions): void {
  // Everything on the event's own copy of the scope, never on a shared one: without tracing the SDK keeps no
  // scope per request (docs/decisions/197), and what withScope set then stayed for the next reports.
  const context = (scope: Scope) => {
    for (const [name, value] of Object.entries(tags)) {
      if (value) scope.setTag(name === "requestId" ? "request_id" : name, value);
    }
    if (options.extra) scope.setExtras(options.extra);
    if (options.fingerprint) scope.setFingerprint(options.fingerprint);
    const request = options.request;
    if (request) scope.addEventProcessor((event) => ({ ...event, request: { method: request.method, url: request.url } }));
    return scope;
  };
  if (error instanceof Error) Sentry.captureException(error, context);
  else Sentry.captureMessage(String(error), (scope) => context(scope).setLevel("error"));
}

/**
 * The path a log line and a tag may name: link secrets (the hash of a reset or activation link, an
 * engine session key) censored, as in the request log (decision 101).
 */
function reportedPath(request: Request): string {
  return redactUrl(new URL(request.url).pathname);
}

/** Unexpected server failures outside loaders and actions (rendering, entry.server). */
export function reportServerError(error: unknown, request: Request, context: AppLoadContext, extra?: Record<string, unknown>): void {
  const path = reportedPath(request);
  const tags: ReportTags = { requestId: context.requestId, cstm: customerOfPath(path), route: path };
  context.logger.error({ err: error, route: path, ...extra }, "unexpected server error");
  captureForSupport(error, tags, { sentryEnabled: context.services.sentryEnabled, extra, request });
}

/**
 * R-VAL-07: some containers could not be built ('Could not initialize Containers'). The page goes
 * on with the valid ones; the invalid data is a fault of the upstream and is reported. `details`
 * says which containers and why (ids and reasons, no personal data).
 */
export function reportInvalidContainers(context: AppLoadContext, request: Request, details: Record<string, unknown>): void {
  const path = reportedPath(request);
  const error = new Error("Could not initialize Containers");
  error.name = "InvalidContainersError";
  context.logger.error({ containers: details, route: path }, "Could not initialize Containers");
  captureForSupport(
    error,
    { requestId: context.requestId, cstm: customerOfPath(path), route: path },
    {
      sentryEnabled: context.services.sentryEnabled,
      extra: { containers: details },
      fingerprint: ["invalid-containers", customerOfPath(path) ?? ""],
      request,
    },
  );
}
