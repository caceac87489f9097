/**
 * A customer (tenant) as the app sees it: its languages, its entry area with the page set, its
 * switches and appearance (spec §1, §2, R-RTE-06/08). Built by upstream/configuration.server.ts
 * from the getConfiguration response.
 */
export interface PasswordRequirements {
  minLength: number;
  minUppercase: number;
  minLowercase: number;
  minNumbers: number;
  noSpaces: boolean;
  noLineBreaks: boolean;
}

/** The video archive's entries are read from `videos` by addVideos (R-VAL-10). */
export type { Video } from "./videos";

export interface Appearance {
  logo?: string;
  overlay: boolean;
  showProgress: boolean;
  primaryColor?: string;
}

export interface EntryArea {
  /** generic, generic-on-site, initiative, side-panel, trainee, further, preview (spec §2). */
  name: string;
  /** Page the area root redirects to (e.g. login). */
  root: string;
  /** Pages of the area: the first path segment after the customer. */
  pages: string[];
  onSite: boolean;
}

export interface CustomerConfig {
  cstm: string;
  name: string;
  /** Project languages in order; the first is the default (R-LANG-01). */
  languages: string[];
  area: EntryArea;
  extensions: string[];
  exclude: string[];
  enableRegistration: boolean;
  enableAnonRegistration: boolean;
  appearance: Appearance;
  /** Customer texts per language and key (newsletter, FAQ, legal notice, …). */
  texts: Record<string, Record<string, unknown>>;
  videos: unknown;
  componentNameMap: Record<string, string>;
  passwordRequirements?: PasswordRequirements;
  supportEmail?: string;
  legalNoticeUrl?: string;
}

/**
 * R-RTE-07: every area has a page-not-found page, whatever its configuration says. Logout and the
 * change-password dialog's action belong to every area too (navigation has Logout everywhere).
 */
export const ALWAYS_PRESENT_PAGES = ["page-not-found", "logout", "change-password"] as const;

/** R-RTE-06/08: the pages of this customer = area pages + extensions − exclude (+ page-not-found). */
export function customerPages(config: Pick<CustomerConfig, "area" | "extensions" | "exclude">): Set<string> {
  const pages = new Set([...config.area.pages, ...config.extensions]);
  for (const excluded of config.exclude) pages.delete(excluded);
  for (const page of ALWAYS_PRESENT_PAGES) pages.add(page);
  return pages;
}

/** The page a path addresses: its first segment after the customer ("" for the customer root). */
export function pageOfPath(pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  return segments[1] ? decodeURIComponent(segments[1]) : "";
}

export function pageExists(config: Pick<CustomerConfig, "area" | "extensions" | "exclude">, page: string): boolean {
  return page === "" || customerPages(config).has(page);
}
