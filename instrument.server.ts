import { readFileSync } from "node:fs";
import * as Sentry from "@sentry/remix";
import { scrubBreadcrumb, scrubSentryEvent } from "./app/errors/sentry-scrub.server";

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

if (dsn) {
  Sentry.init({
    dsn,
    release: buildRelease(),
    // An empty value counts as unset, as for every variable of server/env.ts.
    environment: process.env.SENTRY_ENVIRONMENT?.trim() || process.env.NODE_ENV?.trim() || "production",
    tracesSampleRate: 0,
    sendDefaultPii: false,
    initialScope: { tags: { service: "assessment-platform" } },
    // Secrets never leave: cookies, authorization headers, bodies, and link secrets in URLs,
    // the transaction name, the Referer and breadcrumbs (app/errors/sentry-scrub.server.ts).
    beforeSend: (event) => scrubSentryEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  (globalThis as { __SENTRY_CLOSE__?: () => Promise<unknown> }).__SENTRY_CLOSE__ = () => Sentry.close(2000);
}
