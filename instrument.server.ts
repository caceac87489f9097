import * as Sentry from "@sentry/remix";

/**
 * Sentry, loaded with `node --import` before Express so its instrumentation sees every module.
 * Off unless SENTRY_DSN is set. Failures with status >= 400 are expected answers and never sent
 * (spec §8); the app decides what to capture (entry.server handleError, boundaries, containers).
 */
const dsn = process.env.SENTRY_DSN?.trim();

if (dsn) {
  Sentry.init({
    dsn,
    release: process.env.SENTRY_RELEASE ?? process.env.BUILD_RELEASE,
    environment: process.env.SENTRY_ENVIRONMENT ?? process.env.NODE_ENV ?? "production",
    tracesSampleRate: 0,
    sendDefaultPii: false,
    beforeSend(event) {
      // Never ship cookies or authorization headers, whatever an integration collected.
      if (event.request?.headers) {
        delete event.request.headers.cookie;
        delete event.request.headers.Cookie;
        delete event.request.headers.authorization;
        delete event.request.headers.Authorization;
      }
      if (event.request) delete event.request.cookies;
      return event;
    },
  });
  (globalThis as { __SENTRY_CLOSE__?: () => Promise<unknown> }).__SENTRY_CLOSE__ = () => Sentry.close(2000);
}
