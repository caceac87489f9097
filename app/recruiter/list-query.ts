import { isCalendarDate } from "~/domain/calendar-date";
import { PROFILE_ID_PATTERN } from "~/domain/profile";

/**
 * The applicant list's filters live in the URL (decision 148: a GET form, bookmarkable, without
 * JavaScript). This reads them: the values as typed (the form shows them again), a translated error
 * key per bad field (that filter is then left out, never a 500), and the query for the upstream.
 * Pure: no Remix, no fetch (docs/decisions/148).
 */
export const SORTS = ["name", "registered", "activity", "progress"] as const;
export type Sort = (typeof SORTS)[number];

export const BOOLEAN_FILTERS = ["activated", "anonymous", "onSite"] as const;
export const DATE_RANGES = ["registered", "activity", "openUntil"] as const;
export const NUMBER_RANGES = [
  { name: "progress", max: 100 },
  { name: "finished", max: 1000 },
] as const;
export const STRING_FILTERS = ["name", "userName", "email"] as const;

/** Every parameter the form sends (and nothing else is read). */
export const LIST_PARAMETERS = [
  "q",
  "sort",
  "order",
  "page",
  ...BOOLEAN_FILTERS,
  ...DATE_RANGES.flatMap((range) => [`${range}From`, `${range}To`]),
  ...NUMBER_RANGES.flatMap((range) => [`${range.name}Min`, `${range.name}Max`]),
  "profile",
  "status",
  "owner",
  ...STRING_FILTERS,
] as const;

export type ListParameter = (typeof LIST_PARAMETERS)[number];

export interface ListQueryState {
  /** What the form shows: the parameters as given (trimmed), "" when absent. */
  values: Record<ListParameter, string>;
  /** i18n keys of the recruiter namespace, per parameter. */
  errors: Partial<Record<ListParameter, string>>;
  sort: Sort;
  order: "asc" | "desc";
  page: number;
  /** The valid filters, as the upstream's query (docs/api.md, the applicant list). */
  upstream: Record<string, string>;
  /** At least one filter or search is applied (the page says so and offers to clear them). */
  filtered: boolean;
}

const MAX_TEXT = 100;

function wholeNumber(value: string, max: number): number | null {
  if (!/^\d{1,7}$/.test(value)) return null;
  const number = Number(value);
  return number <= max ? number : null;
}

export function readListQuery(search: URLSearchParams, statuses: readonly string[]): ListQueryState {
  const values = {} as Record<ListParameter, string>;
  for (const name of LIST_PARAMETERS) values[name] = (search.get(name) ?? "").trim().slice(0, 1000);
  const errors: ListQueryState["errors"] = {};
  const upstream: Record<string, string> = {};
  const keep = (name: ListParameter, value = values[name]) => {
    upstream[name] = value;
  };

  for (const name of ["q", ...STRING_FILTERS] as const) {
    if (!values[name]) continue;
    if (values[name].length > MAX_TEXT) errors[name] = "list.errors.tooLong";
    else keep(name);
  }
  for (const name of BOOLEAN_FILTERS) {
    if (!values[name]) continue;
    if (values[name] === "true" || values[name] === "false") keep(name);
    else errors[name] = "list.errors.choice";
  }
  for (const range of DATE_RANGES) {
    const from = `${range}From`;
    const to = `${range}To`;
    for (const name of [from, to]) {
      if (values[name] && !isCalendarDate(values[name])) errors[name] = "list.errors.date";
    }
    if (!errors[from] && !errors[to] && values[from] && values[to] && values[from] > values[to]) {
      errors[to] = "list.errors.dateOrder";
    }
    for (const name of [from, to]) if (values[name] && !errors[name]) keep(name);
  }
  for (const range of NUMBER_RANGES) {
    const min = `${range.name}Min`;
    const max = `${range.name}Max`;
    const numbers: Record<string, number | null> = {};
    for (const name of [min, max]) {
      if (!values[name]) continue;
      numbers[name] = wholeNumber(values[name], range.max);
      if (numbers[name] === null) errors[name] = range.name === "progress" ? "list.errors.percent" : "list.errors.count";
    }
    if (!errors[min] && !errors[max] && numbers[min] != null && numbers[max] != null && numbers[min] > numbers[max]) {
      errors[max] = "list.errors.numberOrder";
    }
    for (const name of [min, max]) if (values[name] && !errors[name]) keep(name, String(numbers[name]));
  }
  if (values.profile) {
    if (PROFILE_ID_PATTERN.test(values.profile)) keep("profile");
    else errors.profile = "list.errors.choice";
  }
  if (values.status) {
    if (statuses.includes(values.status)) keep("status");
    else errors.status = "list.errors.choice";
  }
  if (values.owner) {
    if (values.owner.length <= 254) keep("owner");
    else errors.owner = "list.errors.choice";
  }

  const filtered = Object.keys(upstream).length > 0;
  const sort = (SORTS as readonly string[]).includes(values.sort) ? (values.sort as Sort) : "name";
  if (values.sort && sort !== values.sort) errors.sort = "list.errors.choice";
  const order = values.order === "desc" ? "desc" : "asc";
  if (values.order && values.order !== order) errors.order = "list.errors.choice";
  const page = wholeNumber(values.page, 1_000_000) ?? 1;
  upstream.sort = sort;
  upstream.order = order;
  upstream.page = String(Math.max(1, page));
  return { values, errors, sort, order, page: Math.max(1, page), upstream, filtered };
}

/** The statuses the upstream knows (docs/api.md); the filter only offers these. */
export const APPLICANT_STATUSES = ["new", "screening", "interview", "offer", "hired", "rejected"] as const;

/** The list's URL with some parameters changed (paging, sorting links); empty values are left out. */
export function listSearch(values: Partial<Record<ListParameter, string>>, changes: Partial<Record<ListParameter, string>>): string {
  const params = new URLSearchParams();
  for (const name of LIST_PARAMETERS) {
    const value = name in changes ? changes[name] : values[name];
    if (value) params.set(name, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
