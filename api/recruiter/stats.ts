import { z } from "zod";
import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import { profileIdSchema } from "../http/validation";
import { localize, type Language } from "../languages";
import type { Customer } from "../store/catalogue";
import { dateSchema } from "../http/validation";
import { nextDay } from "./list";

/**
 * GET /{cstm}/recruiter/stats (docs/decisions/155): progress and summary figures of a
 * customer, or of one test (profile), in SQL. The unit is the assignment (an applicant with a test):
 * each is in exactly one state, checked in this order:
 *   completed  every module of the profile finished;
 *   expired    not completed and past its open-until date, or the account expired;
 *   started    a module finished or an assessment session started;
 *   activated  the account is activated (the applicant can sign in) but nothing started;
 *   invited    the account is not activated yet.
 * Time to complete: from the assignment to the profile's last finished module. Norm values: the
 * stanines (1–9) of completed Scale sessions, per scale.
 */
/** Stanines: normValue() in api/engine/scoring.ts clamps to 1–9. */
export const NORM_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export const STATES = ["invited", "activated", "started", "completed", "expired"] as const;
export type State = (typeof STATES)[number];

export const statsQuerySchema = z
  .object({
    profile: profileIdSchema.optional(),
    registeredFrom: dateSchema.optional(),
    registeredTo: dateSchema.optional(),
  })
  .strict();

export type StatsQuery = z.infer<typeof statsQuerySchema>;

interface Filter {
  where: string;
  params: Record<string, unknown>;
}

function buildFilter(query: StatsQuery, customer: Customer): Filter {
  // The customer's applicants, not its user base's (docs/decisions/170).
  const params: Record<string, unknown> = { cstm: customer.cstm };
  const where = ["u.cstm = @cstm", "u.role = 'applicant'"];
  if (query.profile) {
    params.profile = query.profile;
    where.push("p.profile_id = @profile");
  }
  if (query.registeredFrom) {
    params.registeredFrom = query.registeredFrom;
    where.push("u.created_at >= @registeredFrom");
  }
  if (query.registeredTo) {
    // Timestamps compare as text: "up to and including the day" is "before the next day".
    params.registeredTo = nextDay(query.registeredTo);
    where.push("u.created_at < @registeredTo");
  }
  return { where: where.join(" AND "), params };
}

/**
 * The state of assignment `p` of applicant `u`, from columns triggers keep (finished and total modules,
 * migration 3; started, migration 8): no subquery per assignment.
 */
const STATE_SQL = `CASE
    WHEN p.total_modules > 0 AND p.finished_modules >= p.total_modules THEN 'completed'
    WHEN (p.open_until IS NOT NULL AND p.open_until < @today) OR u.expired = 1 THEN 'expired'
    WHEN p.finished_modules > 0 OR p.started = 1 THEN 'started'
    WHEN u.activated = 1 THEN 'activated'
    ELSE 'invited'
  END`;

interface StateRow {
  profile_id: string;
  state: State;
  n: number;
}

interface MedianRow {
  profile_id: string | null;
  seconds: number | null;
}

interface NormRow {
  comp_id: number;
  norm_value: number;
  n: number;
}

const emptyStates = (): Record<State, number> => Object.fromEntries(STATES.map((state) => [state, 0])) as Record<State, number>;

function summaryOf(states: Record<State, number>, medianSeconds: number | null) {
  const total = STATES.reduce((sum, state) => sum + states[state], 0);
  return {
    total,
    states,
    // Rounded to a tenth of a percent; null without assignments (nothing to divide).
    completionRate: total > 0 ? Math.round((states.completed / total) * 1000) / 10 : null,
    medianCompletionSeconds: medianSeconds === null ? null : Math.round(medianSeconds),
  };
}

export function recruiterStats(
  ctx: ApiContext,
  customer: Customer,
  query: StatsQuery,
  language: Language,
  timings: Record<string, number> = {},
) {
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = now - mark;
    mark = now;
  };
  const filter = buildFilter(query, customer);
  const params = { ...filter.params, today: ctx.now().toISOString().slice(0, 10) };

  const stateRows = statement(
    ctx.db,
    `SELECT p.profile_id, ${STATE_SQL} AS state, COUNT(*) AS n
       FROM user_profiles p JOIN users u ON u.id = p.user_id
       WHERE ${filter.where}
       GROUP BY p.profile_id, state`,
  ).all(params) as StateRow[];
  lap("states");

  // The median of the completion times, overall (profile_id NULL) and per profile: the middle one, or
  // the mean of the middle two. A completed assignment took from its assignment to its last finished
  // module (last_finished_at, kept by the triggers of migration 8).
  const medianRows = statement(
    ctx.db,
    `WITH done AS (
         SELECT p.profile_id, (julianday(p.last_finished_at) - julianday(p.assigned_at)) * 86400 AS seconds
         FROM user_profiles p JOIN users u ON u.id = p.user_id
         WHERE ${filter.where} AND p.total_modules > 0 AND p.finished_modules >= p.total_modules
       ),
       ranked AS (
         SELECT profile_id, seconds,
           ROW_NUMBER() OVER (PARTITION BY profile_id ORDER BY seconds) AS rn, COUNT(*) OVER (PARTITION BY profile_id) AS n,
           ROW_NUMBER() OVER (ORDER BY seconds) AS rn_all, COUNT(*) OVER () AS n_all
         FROM done
       )
       SELECT profile_id, AVG(seconds) AS seconds FROM ranked WHERE rn IN ((n + 1) / 2, (n + 2) / 2) GROUP BY profile_id
       UNION ALL
       SELECT NULL, AVG(seconds) FROM ranked WHERE rn_all IN ((n_all + 1) / 2, (n_all + 2) / 2)`,
  ).all(filter.params) as MedianRow[];
  lap("median");

  // The norm values from stats_norms (migrations 11, 12): one row per completed session with a norm value,
  // kept by triggers, filtered and counted on its covering index. Sessions exist only for assigned tests.
  const normWhere = ["n.cstm = @cstm"];
  if (filter.params.profile !== undefined) normWhere.push("n.profile_id = @profile");
  if (filter.params.registeredFrom !== undefined) normWhere.push("n.created_at >= @registeredFrom");
  if (filter.params.registeredTo !== undefined) normWhere.push("n.created_at < @registeredTo");
  const normRows = statement(
    ctx.db,
    `SELECT n.comp_id, n.norm_value, COUNT(*) AS n FROM stats_norms n WHERE ${normWhere.join(" AND ")} GROUP BY n.comp_id, n.norm_value`,
  ).all(filter.params) as NormRow[];
  lap("norms");

  const profiles = [...ctx.catalogue.profiles.values()].filter(
    (profile) => profile.userBase === customer.userBase && (!query.profile || profile.id === query.profile),
  );
  const perProfile = new Map(profiles.map((profile) => [profile.id, emptyStates()]));
  const overall = emptyStates();
  for (const row of stateRows) {
    overall[row.state] += row.n;
    const states = perProfile.get(row.profile_id);
    if (states) states[row.state] += row.n;
  }
  const medians = new Map(medianRows.map((row) => [row.profile_id, row.seconds]));

  // The scales of the chosen profiles, in the order of their first appearance; one scale in two
  // profiles is one scale (its norm values count together).
  const scaleIds: number[] = [];
  for (const profile of profiles) {
    for (const module of profile.modules) {
      if (module.component.type === "Scale" && !scaleIds.includes(module.component.compId)) scaleIds.push(module.component.compId);
    }
  }
  const counts = new Map<number, Map<number, number>>();
  for (const row of normRows) {
    const byValue = counts.get(row.comp_id) ?? new Map<number, number>();
    byValue.set(row.norm_value, (byValue.get(row.norm_value) ?? 0) + row.n);
    counts.set(row.comp_id, byValue);
  }

  return {
    cstm: customer.cstm,
    profile: query.profile ?? null,
    ...summaryOf(overall, medians.get(null) ?? null),
    profiles: profiles.map((profile) => ({
      prof_prof_id: profile.id,
      name: profile.name,
      ...summaryOf(perProfile.get(profile.id)!, medians.get(profile.id) ?? null),
    })),
    scales: scaleIds.map((compId) => {
      const byValue = counts.get(compId) ?? new Map<number, number>();
      const distribution = NORM_VALUES.map((normValue) => ({ normValue, count: byValue.get(normValue) ?? 0 }));
      return {
        comp_comp_id: compId,
        name: localize(ctx.catalogue.components.get(compId)!.names, language),
        count: distribution.reduce((sum, bar) => sum + bar.count, 0),
        distribution,
      };
    }),
    filterOptions: {
      profiles: [...ctx.catalogue.profiles.values()]
        .filter((profile) => profile.userBase === customer.userBase)
        .map((profile) => ({ prof_prof_id: profile.id, name: profile.name })),
    },
  };
}
