import { customerPath } from "~/domain/customer-path";
import { CATALOGUE, PRIORITY_CODES, type CatalogueEntry } from "./catalogue";
import type { ShownError } from "./shown-error";

/** Spec §8 handling: suppressed errors (by entry or by occurrence) are never shown. */
export function isShown(error: ShownError): boolean {
  return !error.suppress && !CATALOGUE[error.code].suppress;
}

/**
 * R-ERR-01: the main error is the first shown error with code C02, C03, C23 or C22, otherwise the
 * first; the others are secondary, in the stack's order (newest first, R-ERR-03).
 */
export function selectMainError(errors: readonly ShownError[]): { main: ShownError; secondary: ShownError[] } | null {
  const visible = errors.filter(isShown);
  if (visible.length === 0) return null;
  const main = visible.find((error) => PRIORITY_CODES.includes(error.code)) ?? visible[0];
  return { main, secondary: visible.filter((error) => error !== main) };
}

/** R-ERR-03: a new error goes on top of the stack. */
export function pushError(errors: readonly ShownError[], error: ShownError): ShownError[] {
  return [error, ...errors];
}

export type ErrorButton = { kind: "link"; href: string } | { kind: "close" };

/**
 * R-ERR-02 / R-TEN-04: the button shows only with showBtn and not on-site; it leads to btnLink,
 * customer-prefixed unless absolute or already prefixed; without a link it closes the error.
 * A customer-relative link with no customer to prefix (the bare host) has nowhere to go: no button.
 */
export function errorButton(
  entry: Pick<CatalogueEntry, "showBtn" | "btnLink">,
  options: { onSite: boolean; cstm?: string; params?: Record<string, string> },
): ErrorButton | null {
  if (!entry.showBtn || options.onSite) return null;
  if (!entry.btnLink) return { kind: "close" };
  const link = entry.btnLink
    .replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(options.params?.[name] ?? ""))
    // A parameter the error did not carry is dropped rather than sent empty.
    .replace(/([?&])\w+=(?=&|$)/g, "$1")
    .replace(/[?&]+$/, "");
  if (/^http/i.test(link)) return { kind: "link", href: link };
  if (!options.cstm) return null;
  return { kind: "link", href: customerPath(options.cstm, link) };
}

/** R-ERR-02: the on-site flag in the query string (`?onSite`, any value but "false" / "0"). */
export function onSiteInQuery(search: string): boolean {
  const params = new URLSearchParams(search);
  if (!params.has("onSite")) return false;
  const value = params.get("onSite");
  return value !== "false" && value !== "0";
}

/**
 * R-CAT-04: the address of the default hint: the customer's configured support address, else
 * support@{host} of the request.
 */
export function supportAddress(hostname: string, configured?: string | null): string {
  if (configured && /^[^\s@<>"]+@[^\s@<>"]+$/.test(configured)) return configured;
  const host = hostname.toLowerCase().replace(/[^a-z0-9.-]/g, "");
  return `support@${host || "localhost"}`;
}
