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
  /** Text colour on primaryColor (black or white, whichever contrasts more), computed on the server. */
  primaryTextColor?: "#000" | "#fff";
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
  /** Password reset and change are offered (R-VAL-09, decision 122). */
  passwordSelfService: boolean;
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

/** R-RTE-07: every area has a page-not-found page, whatever its configuration says. */
export const ALWAYS_PRESENT_PAGES = ["page-not-found"] as const;

/**
 * Routes under the customer that are not pages of an area (no menu entry, no configuration):
 * the logout action must answer in every area, or a signed-in visitor could not leave; the
 * change-password dialog posts to its own action from any page of any area; so does the feedback
 * modal (docs/decisions/073); the video player posts its play/pause/ended tracking to track-video
 * from whichever page shows it. The recruiter workspace (decision 140) belongs to no applicant area: the
 * upstream decides which customers a recruiter serves. Test continue (decision 156) is the
 * station's way in with a recruiter's one-time code, at any customer a recruiter serves.
 */
export const AREA_INDEPENDENT_ROUTES = ["logout", "change-password", "feedback", "track-video", "recruiter", "continue"] as const;

/** R-RTE-02 / R-RTE-05: pages that need an active profile (profileChooser does not). */
export const PROFILE_SPECIFIC_PAGES = ["home", "assessment", "report"] as const;

type PageSetConfig = Pick<CustomerConfig, "area" | "extensions" | "exclude">;

/** R-RTE-06/08: the pages of this customer = area pages + extensions − exclude (+ page-not-found). */
export function customerPages(config: PageSetConfig): Set<string> {
  const pages = new Set([...config.area.pages, ...config.extensions]);
  for (const excluded of config.exclude) pages.delete(excluded);
  for (const page of ALWAYS_PRESENT_PAGES) pages.add(page);
  return pages;
}

/** The page a path addresses: its first segment after the customer ("" for the customer root). */
export function pageOfPath(pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  if (!segments[1]) return "";
  try {
    return decodeURIComponent(segments[1]);
  } catch {
    // A malformed escape is no page name; the guard then answers like for any unknown path.
    return segments[1];
  }
}

/**
 * R-RTE-06/08: whether a path's page answers for this customer. Page names are compared exactly as
 * configured ("FAQ", "profileChooser"): /demo/faq is not /demo/FAQ, so the guard never lets a
 * spelling through that the configuration does not name.
 */
export function pageExists(config: PageSetConfig, page: string): boolean {
  if (page === "") return true;
  if ((AREA_INDEPENDENT_ROUTES as readonly string[]).includes(page)) return true;
  return customerPages(config).has(page);
}

/**
 * Where the customer root (and the page-not-found exit) leads: the area's root page (login for
 * most areas, landing for the applicant-initiative area), or login, or page-not-found when the
 * configuration excluded those, so a misconfigured area never redirects in a loop.
 */
export function areaRootPage(config: PageSetConfig): string {
  const pages = customerPages(config);
  if (config.area.root && config.area.root !== "page-not-found" && pages.has(config.area.root)) return config.area.root;
  if (pages.has("login")) return "login";
  return "page-not-found";
}

/**
 * Where a profile-specific page sends a visitor without an active profile (before the upstream
 * rule R-PROF-01 is applied): the profile chooser, else home, never the page that is asking.
 */
export function pageWithoutActiveProfile(pages: ReadonlySet<string>, currentPage: string): string {
  if (pages.has("profileChooser")) return "profileChooser";
  if (pages.has("home") && currentPage !== "home") return "home";
  return "page-not-found";
}
