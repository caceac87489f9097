import { z } from "zod";
import type { ApiContext } from "../context";
import { badRequest } from "../http/errors";
import { customerLanguage, localize, type Language } from "../languages";
import type { Customer, Profile } from "../store/catalogue";

/**
 * The result columns of the applicant list (docs/decisions/184): with `results={profileId}` every row
 * carries that test's completion, its rating (docs/decisions/185) and one norm value per scale. A scale is
 * a Scale module of the test (its component); its norm value is the stanine (1–9) of the applicant's
 * completed session, kept in stats_norms by triggers (migration 12). Filters `norm{compId}Min|Max` and
 * `ratingMin|Max`, and the sort `norm{compId}`, stay in SQL (docs/decisions/142): the sort reads the
 * index stats_norms_profile (cstm, profile_id, comp_id, norm_value, created_at) in order.
 */
export const NORM_PARAMETER = /^norm(\d{1,9})(Min|Max)$/;
export const NORM_SORT = /^norm(\d{1,9})$/;
/** Far more than any test has scales; bounds the SQL a query can ask for. */
const MAX_NORM_FILTERS = 40;

const stanineSchema = z.coerce.number().int().min(1).max(9);
export const normsSchema = z
  .record(z.string().regex(/^\d{1,9}$/), z.object({ min: stanineSchema.optional(), max: stanineSchema.optional() }).strict())
  .refine((norms) => Object.keys(norms).length <= MAX_NORM_FILTERS, { message: "too many scales" });

/** Moves the query's `norm{compId}Min|Max` parameters into `norms: { compId: { min, max } }` for the schema. */
export function gatherNormParameters(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const rest: Record<string, unknown> = {};
  const norms: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(input)) {
    const match = NORM_PARAMETER.exec(key);
    if (!match) rest[key] = value;
    else (norms[match[1]] ??= {})[match[2] === "Min" ? "min" : "max"] = value;
  }
  return Object.keys(norms).length > 0 ? { ...rest, norms } : rest;
}

export interface ResultsQuery {
  results?: string;
  sort: string;
  norms?: Record<string, { min?: number; max?: number }>;
  ratingMin?: number;
  ratingMax?: number;
  language?: Language;
}

export interface ResultColumns {
  profile: Profile;
  scales: { compId: number; name: string }[];
}

/**
 * The chosen test and its scales, or null. A norm filter or sort of a scale the test does not have, a rating
 * filter without a test, or a test of another user base is a 400 naming the parameter (the app shows it at
 * that field and lists without it).
 */
export function resultColumnsOf(ctx: ApiContext, customer: Customer, query: ResultsQuery): ResultColumns | null {
  const problems: Record<string, string> = {};
  const profile = query.results ? ctx.catalogue.profiles.get(query.results) : undefined;
  if (query.results && profile?.userBase !== customer.userBase) problems.results = "unknown_profile";
  const language = customerLanguage(customer.languages, query.language);
  const scales = (profile?.userBase === customer.userBase ? profile.modules : [])
    .filter((module) => module.component.type === "Scale")
    .map((module) => ({ compId: module.component.compId, name: localize(module.component.names, language) }))
    // A scale twice in one test is one column.
    .filter((scale, index, all) => all.findIndex((other) => other.compId === scale.compId) === index);
  const known = (compId: string) => scales.some((scale) => String(scale.compId) === compId);
  for (const [compId, range] of Object.entries(query.norms ?? {})) {
    const name = (end: "Min" | "Max") => `norm${compId}${end}`;
    if (!known(compId)) problems[name(range.min !== undefined ? "Min" : "Max")] = "unknown_scale";
    else if (range.min !== undefined && range.max !== undefined && range.min > range.max) problems[name("Max")] = "range_order";
  }
  const sorted = NORM_SORT.exec(query.sort);
  if (sorted && !known(sorted[1])) problems.sort = "unknown_scale";
  for (const name of ["ratingMin", "ratingMax"] as const) {
    if (query[name] !== undefined && !profile) problems[name] = "requires_results";
  }
  if (query.ratingMin !== undefined && query.ratingMax !== undefined && query.ratingMin > query.ratingMax)
    problems.ratingMax = "range_order";
  if (Object.keys(problems).length > 0) throw badRequest("invalid_query", problems);
  return profile ? { profile, scales } : null;
}

/** The compId of a norm sort (`norm{compId}`), else null. */
export function normSortOf(sort: string): number | null {
  const match = NORM_SORT.exec(sort);
  return match ? Number(match[1]) : null;
}

/** The WHERE terms of the norm and rating filters (EXISTS per filter, each an index lookup by user). */
export function resultFilters(query: ResultsQuery, where: string[], params: Record<string, unknown>): void {
  if (!query.results) return;
  params.results = query.results;
  for (const [compId, range] of Object.entries(query.norms ?? {})) {
    const alias = `n${compId}`;
    const terms = [`${alias}.user_id = u.id`, `${alias}.profile_id = @results`, `${alias}.comp_id = @${alias}`];
    params[alias] = Number(compId);
    if (range.min !== undefined) {
      params[`${alias}Min`] = range.min;
      terms.push(`${alias}.norm_value >= @${alias}Min`);
    }
    if (range.max !== undefined) {
      params[`${alias}Max`] = range.max;
      terms.push(`${alias}.norm_value <= @${alias}Max`);
    }
    where.push(`EXISTS (SELECT 1 FROM stats_norms ${alias} WHERE ${terms.join(" AND ")})`);
  }
  if (query.ratingMin !== undefined || query.ratingMax !== undefined) {
    const terms = ["r.user_id = u.id", "r.profile_id = @results"];
    if (query.ratingMin !== undefined) {
      params.ratingMin = query.ratingMin;
      terms.push("r.rating >= @ratingMin");
    }
    if (query.ratingMax !== undefined) {
      params.ratingMax = query.ratingMax;
      terms.push("r.rating <= @ratingMax");
    }
    where.push(`EXISTS (SELECT 1 FROM applicant_ratings r WHERE ${terms.join(" AND ")})`);
  }
}

interface PageSql {
  from: string;
  where: string;
  params: Record<string, unknown>;
}

/**
 * A page of the list sorted by a norm value, applicants without one last in both orders. Two ordered,
 * limited reads instead of one sort of the whole list: first those with a value, off the index
 * stats_norms_profile in its order (norm value, then registration, then user id), then those without,
 * by registration. The number with a value is only counted when the page starts past them.
 */
export function normSortedIds(
  ctx: ApiContext,
  sql: PageSql,
  compId: number,
  order: "asc" | "desc",
  page: { limit: number; offset: number },
): number[] {
  const direction = order === "desc" ? "DESC" : "ASC";
  const params = { ...sql.params, sortComp: compId };
  const withValue = `FROM stats_norms s JOIN ${sql.from}
    WHERE s.user_id = u.id AND s.cstm = @cstm AND s.profile_id = @results AND s.comp_id = @sortComp AND ${sql.where}`;
  const first = (
    ctx.db
      .prepare(
        `SELECT u.id ${withValue} ORDER BY s.norm_value ${direction}, s.created_at ${direction}, s.user_id ${direction} LIMIT @limit OFFSET @offset`,
      )
      .all({ ...params, ...page }) as { id: number }[]
  ).map((row) => row.id);
  if (first.length === page.limit) return first;
  const before = first.length > 0 ? 0 : (ctx.db.prepare(`SELECT COUNT(*) AS n ${withValue}`).get(params) as { n: number }).n;
  const rest = (
    ctx.db
      .prepare(
        `SELECT u.id FROM ${sql.from} WHERE ${sql.where}
           AND NOT EXISTS (SELECT 1 FROM stats_norms s WHERE s.user_id = u.id AND s.profile_id = @results AND s.comp_id = @sortComp)
         ORDER BY u.created_at ${direction}, u.id ${direction} LIMIT @limit OFFSET @offset`,
      )
      .all({ ...params, limit: page.limit - first.length, offset: Math.max(0, page.offset - before) }) as { id: number }[]
  ).map((row) => row.id);
  return [...first, ...rest];
}

export interface RowResults {
  assigned: boolean;
  finishedModules: number | null;
  totalModules: number | null;
  /** compId → norm value (null: no completed session with one). */
  norms: Record<string, number | null>;
  rating: number | null;
}

/** The result cells of the page's rows: one read of their norm values and one of their ratings. */
export function resultCellsOf(
  ctx: ApiContext,
  columns: ResultColumns,
  ids: number[],
  assignmentOf: (userId: number) => { finished_modules: number; total_modules: number } | undefined,
): Map<number, RowResults> {
  const cells = new Map<number, RowResults>();
  if (ids.length === 0) return cells;
  const marks = ids.map(() => "?").join(", ");
  const norms = ctx.db
    .prepare(
      `SELECT user_id, comp_id, MAX(norm_value) AS norm_value FROM stats_norms
       WHERE user_id IN (${marks}) AND profile_id = ? GROUP BY user_id, comp_id`,
    )
    .all(...ids, columns.profile.id) as { user_id: number; comp_id: number; norm_value: number }[];
  const ratings = ctx.db
    .prepare(`SELECT user_id, rating FROM applicant_ratings WHERE user_id IN (${marks}) AND profile_id = ?`)
    .all(...ids, columns.profile.id) as { user_id: number; rating: number }[];
  const ratingOf = new Map(ratings.map((row) => [row.user_id, row.rating]));
  for (const id of ids) {
    const assignment = assignmentOf(id);
    cells.set(id, {
      assigned: assignment !== undefined,
      finishedModules: assignment?.finished_modules ?? null,
      totalModules: assignment?.total_modules ?? null,
      norms: Object.fromEntries(columns.scales.map((scale) => [String(scale.compId), null])),
      rating: ratingOf.get(id) ?? null,
    });
  }
  for (const row of norms) {
    const cell = cells.get(row.user_id);
    if (cell && String(row.comp_id) in cell.norms) cell.norms[String(row.comp_id)] = row.norm_value;
  }
  return cells;
}

/** The chosen test's columns as the list answers them. */
export function describeColumns(columns: ResultColumns | null) {
  return columns
    ? {
        prof_prof_id: columns.profile.id,
        name: columns.profile.name,
        scales: columns.scales.map((scale) => ({ comp_comp_id: scale.compId, name: scale.name })),
      }
    : null;
}
