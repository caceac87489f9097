/**
 * A component that fails on purpose, on test servers only (FAULT_INJECTION, docs/decisions/178): `?fault=server`
 * throws while the server renders the page, `?fault=client` while the browser hydrates it. The journeys of
 * tests/e2e/support-trail.spec.ts follow the failure as support would: the error page's reference, the report, and
 * the stack in original source (decision 174).
 */
export type Fault = "server" | "client";

export function faultOf(url: URL): { fault?: Fault } {
  const fault = url.searchParams.get("fault");
  return fault === "server" || fault === "client" ? { fault } : {};
}

export function FaultProbe({ fault }: { fault: Fault }) {
  const inBrowser = typeof document !== "undefined";
  if (fault === "server" && !inBrowser) throw new Error("Injected fault: the server's render failed (FAULT_INJECTION)");
  if (fault === "client" && inBrowser) throw new Error("Injected fault: the browser's render failed (FAULT_INJECTION)");
  return null;
}
