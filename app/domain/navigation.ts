/**
 * The main navigation (R-NAV-01): one entry per page that has a menu entry, ordered by the spec's
 * rank. The table is keyed by page name, not by route metadata, because what the menu lists is the
 * customer's page set from configuration (R-RTE-06/08), whichever routes the current URL matched.
 * assessment is a page without a menu entry (R-RTE-02).
 */
export interface NavigationEntry {
  page: string;
  rank: number;
  /** Key in the common namespace. */
  labelKey: string;
}

export const NAVIGATION_ENTRIES: readonly NavigationEntry[] = [
  { page: "profileChooser", rank: 5, labelKey: "navigation.profileChooser" },
  { page: "home", rank: 10, labelKey: "navigation.home" },
  { page: "newsletter", rank: 11, labelKey: "navigation.newsletter" },
  { page: "profile", rank: 20, labelKey: "navigation.profile" },
  { page: "FAQ", rank: 40, labelKey: "navigation.FAQ" },
  { page: "report", rank: 60, labelKey: "navigation.report" },
  { page: "support", rank: 70, labelKey: "navigation.support" },
];

export interface NavigationItem extends NavigationEntry {
  /** The page the visitor is on: rendered with aria-current="page". */
  current: boolean;
}

/** The entries of the pages that exist for this customer, by rank, the current page marked. */
export function navigationFor(pages: Iterable<string>, currentPage: string): NavigationItem[] {
  const available = new Set(pages);
  return NAVIGATION_ENTRIES.filter((entry) => available.has(entry.page))
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => ({ ...entry, current: entry.page === currentPage }));
}
