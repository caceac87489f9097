import { LIST_PARAMETERS, listSearch, normParameters, readListQuery, type ListParameter, type ListQueryState } from "./list-query";

/**
 * The list an applicant was opened from (docs/decisions/188): the pages of one applicant carry the list's whole
 * query string in one `list` parameter, so "back to the list" keeps its filters, sort and page, and previous/next
 * walk the same list. It is read through readListQuery like the list's own URL: only the list's parameters with
 * valid values survive, and the way back is always built on the customer's own list path, never taken from the
 * parameter (no open redirect). Pure: no Remix, no fetch.
 */
export const LIST_CONTEXT = "list";

export interface ListContext {
  /** The list's query as read (its upstream query drives previous/next). */
  query: ListQueryState;
  /** The list's query string without "?", only valid values; "" for the plain list. */
  search: string;
}

/** The list's query string of valid values only (a bad value was never applied, so it is not carried on). */
export function validListSearch(
  query: Pick<ListQueryState, "values" | "errors" | "page">,
  changes: Partial<Record<ListParameter, string>> = {},
): string {
  const values: Partial<Record<ListParameter, string>> = {};
  // The norm ranges of the result columns (docs/decisions/184) are parameters of their own, named per scale.
  for (const name of [...LIST_PARAMETERS, ...normParameters(Object.keys(query.values))]) {
    if (!query.errors[name]) values[name] = query.values[name];
  }
  // The page as read (a page that is no number is page 1, which the address leaves out).
  values.page = query.page > 1 ? String(query.page) : "";
  return listSearch(values, changes).replace(/^\?/, "");
}

export function readListContext(search: URLSearchParams, statuses: readonly string[]): ListContext {
  const carried = (search.get(LIST_CONTEXT) ?? "").slice(0, 4000);
  const query = readListQuery(new URLSearchParams(carried), statuses);
  return { query, search: validListSearch(query) };
}

/** `path` (which may hold a query and a fragment) with the list's context added; unchanged for the plain list. */
export function withList(path: string, search: string): string {
  if (!search) return path;
  const hashAt = path.indexOf("#");
  const [base, hash] = hashAt === -1 ? [path, ""] : [path.slice(0, hashAt), path.slice(hashAt)];
  // "=" may stand in a query's value as it is: the carried query stays readable (list=status=new%26sort=name).
  const parameter = `${LIST_CONTEXT}=${encodeURIComponent(search).replace(/%3D/g, "=")}`;
  return `${base}${base.includes("?") ? "&" : "?"}${parameter}${hash}`;
}
