import { readFileSync } from "node:fs";
import { scrubBreadcrumb, scrubSentryEvent, scrubSentryTransaction } from "./app/errors/sentry-scrub.server";

/**
 * Sentry, loaded with `node --import ./build/instrument.server.js` before Express so its
 * instrumentation sees every module. Off unless SENTRY_DSN is set. What is captured is decided by
 * the app (app/errors: withCatalogueErrors, handleError, client error reports, invalid containers):
 * failures with status >= 400 are expected answers and never sent (spec §8, R-CAT-05).
 */
const dsn = process.env.SENTRY_DSN?.trim();

/** The build's commit, written by scripts/build-server.mjs next to this file (build/release.json). */
function buildRelease(): string | undefined {
  if (process.env.SENTRY_RELEASE) return process.env.SENTRY_RELEASE;
  try {
    const { release } = JSON.parse(readFileSync(new URL("./release.json", import.meta.url), "utf8")) as { release?: string };
    return release && release !== "unknown" ? release : undefined;
  } catch {
    return undefined;
  }
}

/**
 * SENTRY_TRACES_SAMPLE_RATE (server/env.ts validates it and stops the process on a bad value): the share of
 * requests traced, 0 by default. Unset or 0 leaves the option out, so the SDK creates no spans at all rather
 * than spans it then drops (decision 177).
 */
function tracesSampleRate(): number | undefined {
  const rate = Number(process.env.SENTRY_TRACES_SAMPLE_RATE?.trim() || 0);
  return Number.isFinite(rate) && rate > 0 && rate <= 1 ? rate : undefined;
}

/** What every event carries and how it is scrubbed, in both modes (decisions 010, 101, 171). */
function commonOptions(dsn: string) {
  return {
    dsn,
    release: buildRelease(),
    // An empty value counts as unset, as for every variable of server/env.ts.
    environment: process.env.SENTRY_ENVIRONMENT?.trim() || process.env.NODE_ENV?.trim() || "production",
    sendDefaultPii: false,
    initialScope: { tags: { service: "assessment-platform" } },
    // Secrets never leave: cookies, authorization headers, bodies, and link secrets in URLs,
    // the transaction name, the Referer and breadcrumbs (app/errors/sentry-scrub.server.ts).
    beforeSend: (event: Parameters<typeof scrubSentryEvent>[0]) => scrubSentryEvent(event),
    beforeBreadcrumb: (breadcrumb: Parameters<typeof scrubBreadcrumb>[0]) => scrubBreadcrumb(breadcrumb),
  };
}

const sentryGlobals = globalThis as {
  __SENTRY_CLOSE__?: () => Promise<unknown>;
  __SENTRY_REQUEST_ID__?: (id: string) => void;
};

if (dsn) {
  const rate = tracesSampleRate();
  if (rate === undefined) {
    // Errors only (docs/decisions/197): without tracing, nothing per request. The full SDK's OpenTelemetry context
    // (AsyncLocalStorage, a hook on every promise), its HTTP and fetch integrations and the Remix wrapper around every
    // request and loader made each page cost about 40 % more CPU, for scopes and breadcrumbs no event needs: every
    // event is captured by app/errors with its own tags (request id, customer, route). What stays is what an error
    // event is made of: its stack with source lines, linked causes, the process's context and crash handlers.
    const Sentry = await import("@sentry/node");
    Sentry.init({
      ...commonOptions(dsn),
      skipOpenTelemetrySetup: true,
      defaultIntegrations: false,
      integrations: [
        Sentry.eventFiltersIntegration(),
        Sentry.functionToStringIntegration(),
        Sentry.linkedErrorsIntegration(),
        Sentry.contextLinesIntegration(),
        Sentry.nodeContextIntegration(),
        Sentry.modulesIntegration(),
        Sentry.processSessionIntegration(),
        Sentry.onUncaughtExceptionIntegration(),
        Sentry.onUnhandledRejectionIntegration(),
      ],
    });
    sentryGlobals.__SENTRY_CLOSE__ = () => Sentry.close(2000);
  } else {
    const Sentry = await import("@sentry/remix");
    Sentry.init({
      ...commonOptions(dsn),
      tracesSampleRate: rate,
      // The Remix SDK's own request spans replace the HTTP server's (as its default integration does). Of the
      // answers the SDK drops by default (401–404, redirects), only 404 stays dropped: a form post without
      // JavaScript answers with a redirect (post/redirect/get), and a refused page is a page someone saw.
      integrations: [Sentry.httpIntegration({ disableIncomingRequestSpans: true, dropSpansForIncomingRequestStatusCodes: [404] })],
      // Traces pass the same redaction: span names and attributes carry the page's and the upstream's URLs.
      beforeSendTransaction: (event) => scrubSentryTransaction(event),
    });
    sentryGlobals.__SENTRY_CLOSE__ = () => Sentry.close(2000);
    // The request id on everything the SDK sends for a request, its trace included, so support finds a slow page's
    // trace by the reference as they find its errors (decision 177). The HTTP integration gives every incoming
    // request an isolation scope of its own, so the tag stays with its request.
    sentryGlobals.__SENTRY_REQUEST_ID__ = (id) => Sentry.getIsolationScope().setTag("request_id", id);
  }
}
