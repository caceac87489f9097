import { readFileSync } from "node:fs";
import * as Sentry from "@sentry/remix";

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

const SECRET_HEADER = /cookie|authorization|token/i;

if (dsn) {
  Sentry.init({
    dsn,
    release: buildRelease(),
    environment: process.env.SENTRY_ENVIRONMENT ?? process.env.NODE_ENV ?? "production",
    tracesSampleRate: 0,
    sendDefaultPii: false,
    initialScope: { tags: { service: "assessment-platform" } },
    beforeSend(event) {
      // Never ship cookies, authorization headers or request bodies, whatever an integration collected.
      const request = event.request;
      if (request) {
        if (request.headers) {
          for (const name of Object.keys(request.headers)) if (SECRET_HEADER.test(name)) delete request.headers[name];
        }
        delete request.cookies;
        delete request.data;
      }
      return event;
    },
    beforeBreadcrumb(breadcrumb) {
      // Upstream URLs carry no tokens, but form posts are no business of a breadcrumb.
      if (breadcrumb.data && "body" in breadcrumb.data) delete breadcrumb.data.body;
      return breadcrumb;
    },
  });
  (globalThis as { __SENTRY_CLOSE__?: () => Promise<unknown> }).__SENTRY_CLOSE__ = () => Sentry.close(2000);
}
