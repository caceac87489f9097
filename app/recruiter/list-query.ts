import { isCalendarDate } from "~/domain/calendar-date";
import { PROFILE_ID_PATTERN } from "~/domain/profile";

/**
 * The applicant list's filters live in the URL (decision 148: a GET form, bookmarkable, without
 * JavaScript). This reads them: the values as typed (the form shows them again), a translated error
 * key per bad field (that filter is then left out, never a 500), and the query for the upstream.
 * Pure: no Remix, no fetch (docs/decisions/148).
 */
export const SORTS = ["name", "registered", "activity", "progress"] as const;
/** Or a norm column of the chosen test: `norm{compId}` (docs/decisions/184). */
export type NormSort = `norm${number}`;
export type Sort = (typeof SORTS)[number] | NormSort;
/** `norm{compId}Min|Max`: a range of a scale's norm value (1–9) in the chosen test (docs/decisions/184). */
export type NormParameter = `norm${number}Min` | `norm${number}Max`;
const NORM_PARAMETER = /^norm(\d{1,9})(Min|Max)$/;
const NORM_SORT = /^norm\d{1,9}$/;
/** More than any test has scales: the rest of such a URL is not read. */
const MAX_NORM_PARAMETERS = 40;

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
  "results",
  "ratingMin",
  "ratingMax",
] as const;

// A string already (the ranges' names are built); the norm parameters (NormParameter) are among them.
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

/** The norm parameters of a URL, in their order, at most MAX_NORM_PARAMETERS. */
export function normParameters(names: Iterable<string>): NormParameter[] {
  const found: NormParameter[] = [];
  for (const name of names) {
    if (NORM_PARAMETER.test(name) && !found.includes(name as NormParameter)) found.push(name as NormParameter);
    if (found.length >= MAX_NORM_PARAMETERS) break;
  }
  return found;
}

export function readListQuery(search: URLSearchParams, statuses: readonly string[]): ListQueryState {
  const values = {} as Record<ListParameter, string>;
  for (const name of LIST_PARAMETERS) values[name] = (search.get(name) ?? "").trim().slice(0, 1000);
  for (const name of normParameters(search.keys())) values[name] = (search.get(name) ?? "").trim().slice(0, 1000);
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
  readResultParameters(values, errors, keep);

  // The columns alone filter nothing; their filters do.
  const filtered = Object.keys(upstream).some((name) => name !== "results");
  const known = (SORTS as readonly string[]).includes(values.sort) || (NORM_SORT.test(values.sort) && Boolean(upstream.results));
  const sort = known ? (values.sort as Sort) : "name";
  if (values.sort && sort !== values.sort) errors.sort = values.sort.startsWith("norm") ? "list.errors.needsResults" : "list.errors.choice";
  const order = values.order === "desc" ? "desc" : "asc";
  if (values.order && values.order !== order) errors.order = "list.errors.choice";
  const page = wholeNumber(values.page, 1_000_000) ?? 1;
  upstream.sort = sort;
  upstream.order = order;
  upstream.page = String(Math.max(1, page));
  return { values, errors, sort, order, page: Math.max(1, page), upstream, filtered };
}

/**
 * The result columns' parameters (docs/decisions/184, 185): the test, norm ranges 1–9 per scale and the rating
 * range 1–5; norm and rating ranges need the test. Whether a scale belongs to the test the upstream says
 * (app/routes/$cstm.recruiter.applicants._index.tsx shows its refusal at the field).
 */
function readResultParameters(
  values: Record<ListParameter, string>,
  errors: ListQueryState["errors"],
  keep: (name: ListParameter, value?: string) => void,
) {
  let results = false;
  if (values.results) {
    if (PROFILE_ID_PATTERN.test(values.results)) {
      keep("results");
      results = true;
    } else errors.results = "list.errors.choice";
  }
  const ranges: [ListParameter, ListParameter, number, string][] = [["ratingMin", "ratingMax", 5, "list.errors.rating"]];
  for (const name of Object.keys(values)) {
    const match = NORM_PARAMETER.exec(name);
    if (match?.[2] === "Min") ranges.push([name, `norm${match[1]}Max`, 9, "list.errors.norm"]);
    else if (match && !(`norm${match[1]}Min` in values)) ranges.push([`norm${match[1]}Min`, name, 9, "list.errors.norm"]);
  }
  for (const [min, max, top, message] of ranges) {
    const numbers: Record<string, number | null> = {};
    for (const name of [min, max]) {
      if (!values[name]) continue;
      const number = wholeNumber(values[name], top);
      numbers[name] = number !== null && number >= 1 ? number : null;
      if (numbers[name] === null) errors[name] = message;
      else if (!results) errors[name] = "list.errors.needsResults";
    }
    if (!errors[min] && !errors[max] && numbers[min] != null && numbers[max] != null && numbers[min] > numbers[max]) {
      errors[max] = "list.errors.numberOrder";
    }
    for (const name of [min, max]) if (values[name] && !errors[name]) keep(name, String(numbers[name]));
  }
}

/** The statuses the upstream knows (docs/api.md); the filter only offers these. */
export const APPLICANT_STATUSES = ["new", "screening", "interview", "offer", "hired", "rejected"] as const;

/** The list's URL with some parameters changed (paging, sorting links); empty values are left out. */
export function listSearch(values: Partial<Record<ListParameter, string>>, changes: Partial<Record<ListParameter, string>>): string {
  const params = new URLSearchParams();
  for (const name of [...LIST_PARAMETERS, ...normParameters(Object.keys(values))]) {
    const value = name in changes ? changes[name] : values[name];
    if (value) params.set(name, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
