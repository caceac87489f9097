/**
 * The main navigation (R-NAV-01): one entry per page that has a menu entry, ordered by the spec's
 * rank. The table is keyed by page name, not by route metadata, because what the menu lists is the
 * customer's page set from configuration (R-RTE-06/08), whichever routes the current URL matched.
 * assessment is a page without a menu entry (R-RTE-02).
 */
export interface NavigationEntry {
  page: string;
  rank: number;
}

/** In rank order; the label of an entry is `navigation.{page}` in the common namespace. */
export const NAVIGATION_ENTRIES: readonly NavigationEntry[] = [
  { page: "profileChooser", rank: 5 },
  { page: "home", rank: 10 },
  { page: "newsletter", rank: 11 },
  { page: "profile", rank: 20 },
  { page: "FAQ", rank: 40 },
  { page: "report", rank: 60 },
  { page: "support", rank: 70 },
];

export interface NavigationItem extends NavigationEntry {
  /** The page the visitor is on: rendered with aria-current="page". */
  current: boolean;
}

/** The entries of the pages that exist for this customer, by rank, the current page marked. */
export function navigationFor(pages: Iterable<string>, currentPage: string): NavigationItem[] {
  const available = new Set(pages);
  return NAVIGATION_ENTRIES.filter((entry) => available.has(entry.page)).map((entry) => ({
    ...entry,
    current: entry.page === currentPage,
  }));
}
