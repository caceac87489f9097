import { CATALOGUE, PRIORITY_CODES, type CatalogueEntry } from "./catalogue";
import type { ShownError } from "./catalogue-error";
import { customerPath } from "~/domain/customer-path";

/** R-ERR-01: the main error is the first with code C02, C03, C23 or C22, otherwise the first. */
export function selectMainError(errors: readonly ShownError[]): { main: ShownError; secondary: ShownError[] } | null {
  const visible = errors.filter((error) => !CATALOGUE[error.code].suppress);
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
 */
export function errorButton(
  entry: Pick<CatalogueEntry, "showBtn" | "btnLink">,
  options: { onSite: boolean; cstm?: string; params?: Record<string, string> },
): ErrorButton | null {
  if (!entry.showBtn || options.onSite) return null;
  if (!entry.btnLink) return { kind: "close" };
  const link = entry.btnLink.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(options.params?.[name] ?? ""));
  if (/^https?:\/\//i.test(link)) return { kind: "link", href: link };
  if (!options.cstm) return { kind: "link", href: link.startsWith("/") ? link : `/${link}` };
  return { kind: "link", href: customerPath(options.cstm, link) };
}
