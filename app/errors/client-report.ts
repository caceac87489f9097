/**
 * Client error reports from the browser (R-ENT-09), without a browser SDK (DESIGN §7 budget): a
 * beacon to our own server, which adds the session's user info and forwards the report to
 * POST /api/handleClientError and to Sentry (docs/decisions/009-client-error-reports.md).
 */
export const CLIENT_ERROR_ENDPOINT = "/_client-errors";

export type ClientErrorSource = "error" | "unhandledrejection" | "boundary";

const sent = new Set<string>();
/** A page that keeps failing must not flood the server: a handful of distinct reports per page. */
const MAX_REPORTS_PER_PAGE = 10;

/** Posts an error once per page (deduplicated by message and stack); never throws. */
export function reportClientError(error: unknown, source: ClientErrorSource, reference?: string): void {
  if (typeof window === "undefined") return;
  try {
    const message = String((error as Error)?.message ?? error ?? "").slice(0, 2000);
    const stack = String((error as Error)?.stack ?? "").slice(0, 8000);
    const key = `${message}\n${stack}`;
    if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return;
    sent.add(key);
    const body = JSON.stringify({ source, message, stack, url: location.pathname + location.search, reference });
    // text/plain keeps the beacon a simple request; the server parses the JSON itself.
    if (!navigator.sendBeacon?.(CLIENT_ERROR_ENDPOINT, new Blob([body], { type: "text/plain" }))) {
      fetch(CLIENT_ERROR_ENDPOINT, { method: "POST", body, keepalive: true }).catch(() => {});
    }
  } catch {
    // Reporting an error must never cause one.
  }
}
