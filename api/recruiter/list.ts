import { z } from "zod";
import type { ApiContext } from "../context";
import { foldForSearch } from "../db/search-fold";
import { dateSchema, profileIdSchema, userNameSchema } from "../http/validation";
import { languageSchema } from "../languages";
import type { Customer } from "../store/catalogue";
import { recruitersOf } from "./access";
import {
  describeColumns,
  gatherNormParameters,
  normSortedIds,
  normSortOf,
  normsSchema,
  resultCellsOf,
  resultColumnsOf,
  resultFilters,
  NORM_SORT,
} from "./results-columns";
import { APPLICANT_STATUSES } from "./statuses";

/**
 * GET /{cstm}/recruiter/applicants (R-SCR-14, docs/decisions/142): the customer's applicants
 * (docs/decisions/170) with search, filters, sort and paging, all in SQL. Progress and last activity are columns kept by triggers (migration 3), so a page of a
 * list of 10,000 applicants costs one counting scan and one ordered, limited scan.
 *
 * Progress and "modules finished" mean the filtered profile's when a profile is chosen, else the sum
 * over all assigned profiles.
 */
export const PAGE_SIZE = 25;

const booleanSchema = z.enum(["true", "false"]);
const percentSchema = z.coerce.number().int().min(0).max(100);
const countSchema = z.coerce.number().int().min(0).max(1000);
const textSchema = z.string().trim().max(100);

export const listQuerySchema = z
  .object({
    q: textSchema.optional(),
    // Or `norm{compId}`: a scale of the `results` test (docs/decisions/184).
    sort: z
      .string()
      .max(20)
      .pipe(z.union([z.enum(["name", "registered", "activity", "progress"]), z.string().regex(NORM_SORT)]))
      .default("name"),
    order: z.enum(["asc", "desc"]).default("asc"),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(1000).default(PAGE_SIZE),
    activated: booleanSchema.optional(),
    anonymous: booleanSchema.optional(),
    onSite: booleanSchema.optional(),
    registeredFrom: dateSchema.optional(),
    registeredTo: dateSchema.optional(),
    activityFrom: dateSchema.optional(),
    activityTo: dateSchema.optional(),
    openUntilFrom: dateSchema.optional(),
    openUntilTo: dateSchema.optional(),
    progressMin: percentSchema.optional(),
    progressMax: percentSchema.optional(),
    finishedMin: countSchema.optional(),
    finishedMax: countSchema.optional(),
    profile: profileIdSchema.optional(),
    status: z.enum(APPLICANT_STATUSES).optional(),
    /** A recruiter's user name, or "-" for applicants without an owner. */
    owner: userNameSchema.optional(),
    name: textSchema.optional(),
    userName: textSchema.optional(),
    email: textSchema.optional(),
    /** The test whose result columns the rows carry (docs/decisions/184). */
    results: profileIdSchema.optional(),
    /** Gathered from `norm{compId}Min|Max` (gatherNormParameters). */
    norms: normsSchema.optional(),
    ratingMin: z.coerce.number().int().min(1).max(5).optional(),
    ratingMax: z.coerce.number().int().min(1).max(5).optional(),
    /** Of the scale names in the result columns. */
    language: languageSchema.optional(),
  })
  .strict();

export type ListQuery = z.infer<typeof listQuerySchema>;

/** The list's query as the call sends it: `norm{compId}Min|Max` are read into `norms` first. */
export const listQueryInput = z.preprocess(gatherNormParameters, listQuerySchema);

function likePattern(text: string): string {
  return `%${foldForSearch(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

interface Sql {
  from: string;
  where: string[];
  params: Record<string, unknown>;
}

export function buildFilter(query: Omit<ListQuery, "page" | "pageSize">, customer: Customer, only?: readonly number[]): Sql {
  // The customer's applicants, not its user base's (docs/decisions/170).
  const params: Record<string, unknown> = { cstm: customer.cstm };
  // Erased applicants (docs/decisions/181) are in no list, export or count of the list.
  const where = ["u.cstm = @cstm", "u.role = 'applicant'", "u.erased_at IS NULL"];
  let from = "users u";
  // With a profile chosen, progress and "finished" are that profile's (p), else the applicant's sum (u).
  const progressOf = query.profile ? "p" : "u";
  if (query.profile) {
    from += " JOIN user_profiles p ON p.user_id = u.id AND p.profile_id = @profile";
    params.profile = query.profile;
  }
  // Search and the string filters are case- and accent-insensitive: users.search_name is folded by a
  // trigger (api/db/search-fold.ts); user names and e-mail addresses are ASCII, which LIKE folds itself.
  if (query.q) {
    params.q = likePattern(query.q);
    where.push("(u.search_name LIKE @q ESCAPE '\\' OR u.user_name LIKE @q ESCAPE '\\' OR u.email LIKE @q ESCAPE '\\')");
  }
  if (query.name) {
    params.name = likePattern(query.name);
    where.push("u.search_name LIKE @name ESCAPE '\\'");
  }
  if (query.userName) {
    params.userName = likePattern(query.userName);
    where.push("u.user_name LIKE @userName ESCAPE '\\'");
  }
  if (query.email) {
    params.email = likePattern(query.email);
    where.push("u.email LIKE @email ESCAPE '\\'");
  }
  for (const [key, column] of [
    ["activated", "u.activated"],
    ["anonymous", "u.anonymous"],
    ["onSite", "u.on_site"],
  ] as const) {
    const value = query[key];
    if (value !== undefined) where.push(`${column} = ${value === "true" ? 1 : 0}`);
  }
  const dateRange = (from: string | undefined, to: string | undefined, column: string, name: string) => {
    if (from) {
      params[`${name}From`] = from;
      where.push(`${column} >= @${name}From`);
    }
    if (to) {
      // Timestamps compare as text; "up to and including the day" is "before the next day".
      params[`${name}To`] = nextDay(to);
      where.push(`${column} < @${name}To`);
    }
  };
  dateRange(query.registeredFrom, query.registeredTo, "u.created_at", "registered");
  dateRange(query.activityFrom, query.activityTo, "u.last_activity_at", "activity");
  if (query.openUntilFrom || query.openUntilTo) {
    const conditions: string[] = [];
    if (query.openUntilFrom) {
      params.openUntilFrom = query.openUntilFrom;
      conditions.push("x.open_until >= @openUntilFrom");
    }
    if (query.openUntilTo) {
      params.openUntilTo = query.openUntilTo;
      conditions.push("x.open_until <= @openUntilTo");
    }
    if (query.profile) where.push(conditions.map((condition) => condition.replace("x.", "p.")).join(" AND "));
    else where.push(`EXISTS (SELECT 1 FROM user_profiles x WHERE x.user_id = u.id AND ${conditions.join(" AND ")})`);
  }
  const progress = progressExpression(progressOf);
  if (query.progressMin !== undefined) {
    params.progressMin = query.progressMin;
    where.push(`${progress} >= @progressMin`);
  }
  if (query.progressMax !== undefined) {
    params.progressMax = query.progressMax;
    where.push(`${progress} <= @progressMax`);
  }
  if (query.finishedMin !== undefined) {
    params.finishedMin = query.finishedMin;
    where.push(`${progressOf}.finished_modules >= @finishedMin`);
  }
  if (query.finishedMax !== undefined) {
    params.finishedMax = query.finishedMax;
    where.push(`${progressOf}.finished_modules <= @finishedMax`);
  }
  if (query.status) {
    params.status = query.status;
    where.push("u.status = @status");
  }
  resultFilters(query, where, params);
  if (query.owner === "-") where.push("u.owner_id IS NULL");
  else if (query.owner) {
    params.owner = query.owner;
    where.push(
      `u.owner_id IN (SELECT o.id FROM users o JOIN recruiter_customers rc ON rc.user_id = o.id
                      WHERE rc.cstm = @cstm AND o.user_name = @owner)`,
    );
  }
  if (only) {
    // A bulk call's selection (decision 183): exactly these applicants, still only the customer's.
    params.only = JSON.stringify(only);
    where.push("u.id IN (SELECT value FROM json_each(@only))");
  }
  if (where.length > 3) {
    // Filtered: one pass over the table beats walking an index of (nearly) every applicant and looking
    // up each row; "+" keeps SQLite off the index for these two terms. Unfiltered, the sort's index
    // hands over the page directly.
    where[0] = "+u.cstm = @cstm";
    where[1] = "+u.role = 'applicant'";
  }
  return { from, where, params };
}

/** Whole percent, rounded down (docs/decisions/023): 100 only when everything is done. */
function progressExpression(alias: string): string {
  return `(CASE WHEN ${alias}.total_modules > 0 THEN (MIN(${alias}.finished_modules, ${alias}.total_modules) * 100) / ${alias}.total_modules ELSE 0 END)`;
}

/** Each order matches an index of migration 3, so a page is read off it without sorting the list. */
export function orderBy(query: Pick<ListQuery, "sort" | "order" | "profile" | "results">): string {
  const direction = query.order === "desc" ? "DESC" : "ASC";
  switch (query.sort) {
    case "name":
      // Anonymous applicants have no name: last from A to Z (so first from Z to A).
      return `u.last_name IS NULL ${direction}, u.last_name COLLATE NOCASE ${direction}, u.first_name COLLATE NOCASE ${direction}, u.user_name ${direction}`;
    case "registered":
      return `u.created_at ${direction}, u.id ${direction}`;
    case "activity":
      // Never active counts as the oldest activity.
      return `u.last_activity_at ${direction}, u.id ${direction}`;
    case "progress":
      return `${progressExpression(query.profile ? "p" : "u")} ${direction}, u.id ${direction}`;
    default: {
      // A page of the list sorted by a norm value is read by normSortedIds in two ordered reads; this is the same order
      // as one expression, for the neighbours' window over the whole list (docs/decisions/184, 188): applicants with a
      // value first in both directions, then by value, registration and id (stats_norms.created_at is the user's).
      const compId = query.results ? normSortOf(query.sort) : null;
      if (compId === null) return `u.id ${direction}`;
      const value = `(SELECT MAX(s.norm_value) FROM stats_norms s WHERE s.user_id = u.id AND s.profile_id = @results AND s.comp_id = ${compId})`;
      return `${value} IS NULL, ${value} ${direction}, u.created_at ${direction}, u.id ${direction}`;
    }
  }
}

interface ListRow {
  id: number;
  user_name: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  activated: number;
  anonymous: number;
  on_site: number;
  expired: number;
  login_disabled: number;
  status: string;
  created_at: string;
  last_activity_at: string | null;
  finished: number;
  total: number;
  progress: number;
  owner_user_name: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
}

interface AssignmentRow {
  user_id: number;
  profile_id: string;
  is_open: number;
  open_until: string | null;
  finished_modules: number;
  total_modules: number;
}

export function ownerOf(row: { owner_user_name: string | null; owner_first_name: string | null; owner_last_name: string | null }) {
  if (!row.owner_user_name) return null;
  return {
    userName: row.owner_user_name,
    name: [row.owner_first_name, row.owner_last_name].filter(Boolean).join(" ") || row.owner_user_name,
  };
}

export function listApplicants(ctx: ApiContext, customer: Customer, query: ListQuery, only?: readonly number[]) {
  const columns = resultColumnsOf(ctx, customer, query);
  const filter = buildFilter(query, customer, only);
  const where = filter.where.join(" AND ");
  const total = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${filter.from} WHERE ${where}`).get(filter.params) as { n: number }).n;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const progressOf = query.profile ? "p" : "u";
  // Prepared per call: the SQL varies with the filters chosen, and compiling it costs far less than a
  // cache of every combination. First the page's ids (sorting narrow rows), then only their rows.
  const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const normSort = columns ? normSortOf(query.sort) : null;
  const ids =
    normSort !== null
      ? normSortedIds(ctx, { from: filter.from, where, params: filter.params }, normSort, query.order, page)
      : (
          ctx.db
            .prepare(`SELECT u.id FROM ${filter.from} WHERE ${where} ORDER BY ${orderBy(query)} LIMIT @limit OFFSET @offset`)
            .all({ ...filter.params, ...page }) as { id: number }[]
        ).map((row) => row.id);
  const found =
    ids.length === 0
      ? []
      : (ctx.db
          .prepare(
            `SELECT u.id, u.user_name, u.first_name, u.last_name, u.email, u.activated, u.anonymous, u.on_site, u.expired, u.login_disabled,
                    u.status, u.created_at, u.last_activity_at,
                    ${progressOf}.finished_modules AS finished, ${progressOf}.total_modules AS total, ${progressExpression(progressOf)} AS progress,
                    o.user_name AS owner_user_name, o.first_name AS owner_first_name, o.last_name AS owner_last_name
             FROM ${filter.from} LEFT JOIN users o ON o.id = u.owner_id
             WHERE u.id IN (${ids.map(() => "?").join(", ")})`,
          )
          .all(...ids, query.profile ? { profile: query.profile } : {}) as ListRow[]);
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);

  const assignments = new Map<number, AssignmentRow[]>();
  if (rows.length > 0) {
    const ids = rows.map((row) => row.id);
    const found = ctx.db
      .prepare(
        `SELECT user_id, profile_id, is_open, open_until, finished_modules, total_modules FROM user_profiles
         WHERE user_id IN (${ids.map(() => "?").join(", ")}) ORDER BY assigned_at, profile_id`,
      )
      .all(...ids) as AssignmentRow[];
    for (const row of found) assignments.set(row.user_id, [...(assignments.get(row.user_id) ?? []), row]);
  }
  const today = ctx.now().toISOString().slice(0, 10);
  const results = columns
    ? resultCellsOf(ctx, columns, ids, (id) => assignments.get(id)?.find((assignment) => assignment.profile_id === columns.profile.id))
    : null;

  return {
    cstm: customer.cstm,
    total,
    page: query.page,
    pageSize: query.pageSize,
    pages,
    applicants: rows.map((row) => ({
      userName: row.user_name,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      activated: row.activated === 1,
      anonymous: row.anonymous === 1,
      onSite: row.on_site === 1,
      expired: row.expired === 1,
      loginEnabled: row.login_disabled === 0,
      status: row.status,
      owner: ownerOf(row),
      registeredAt: row.created_at,
      lastActivityAt: row.last_activity_at,
      finishedModules: row.finished,
      totalModules: row.total,
      progress: row.progress,
      profiles: (assignments.get(row.id) ?? []).map((assignment) => ({
        prof_prof_id: assignment.profile_id,
        name: ctx.catalogue.profiles.get(assignment.profile_id)?.name ?? assignment.profile_id,
        isOpen: assignment.is_open === 1 && (assignment.open_until === null || assignment.open_until >= today),
        openUntil: assignment.open_until,
        finishedComponents: assignment.finished_modules,
        totalComponents: assignment.total_modules,
      })),
      ...(results ? { results: results.get(row.id) } : {}),
    })),
    resultColumns: describeColumns(columns),
    filterOptions: filterOptions(ctx, customer),
  };
}

/** The ids the filter matches in the list's order, at most `limit` (a bulk call's "all matching", decision 183). */
export function matchingApplicantIds(ctx: ApiContext, customer: Customer, query: Omit<ListQuery, "page" | "pageSize">, limit: number) {
  const filter = buildFilter(query, customer);
  return (
    ctx.db
      .prepare(`SELECT u.id FROM ${filter.from} WHERE ${filter.where.join(" AND ")} ORDER BY ${orderBy(query)} LIMIT @limit`)
      .all({ ...filter.params, limit }) as { id: number }[]
  ).map((row) => row.id);
}

/** The choices of the select filters: the customer's profiles, the statuses, the recruiters who serve it. */
export function filterOptions(ctx: ApiContext, customer: Customer) {
  return {
    profiles: [...ctx.catalogue.profiles.values()]
      .filter((profile) => profile.userBase === customer.userBase)
      .map((profile) => ({ prof_prof_id: profile.id, name: profile.name })),
    statuses: [...APPLICANT_STATUSES],
    owners: recruitersOf(ctx.db, customer.cstm).map((owner) => ({
      userName: owner.user_name,
      name: [owner.first_name, owner.last_name].filter(Boolean).join(" ") || owner.user_name,
    })),
  };
}
