import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import { eraseApplicant } from "../recruiter/erase";
import type { Customer } from "../store/catalogue";
import type { User } from "../store/users";
import { addDays, dayOf } from "./reminders";

/**
 * Retention (docs/decisions/187): a customer's applicants are erased (decision 181) a period after the later of
 * - their last activity (users.last_activity_at; the registration when they never did anything),
 * - the close of their application: the day after their last open-until date, and the last time a recruiter set
 *   their status (rejected and hired close an application; any other status shows it is still being decided).
 * The period is the customer's `retentionMonths` (its configuration, what its data protection officer decided), else
 * API_RETENTION_MONTHS; none or 0: nothing is erased automatically.
 */
export const RETENTION_VIEW_DAYS = 30;
export const RETENTION_VIEW_ROWS = 500;
export const MAX_RETENTION_MONTHS = 120;

export interface RetentionPeriod {
  months: number | null;
  source: "customer" | "default" | null;
}

export function retentionPeriodOf(ctx: ApiContext, customer: Customer): RetentionPeriod {
  const own = customer.config.retentionMonths;
  if (typeof own === "number" && Number.isInteger(own) && own >= 0 && own <= MAX_RETENTION_MONTHS) {
    return { months: own === 0 ? null : own, source: "customer" };
  }
  return ctx.jobs.retentionMonths > 0 ? { months: ctx.jobs.retentionMonths, source: "default" } : { months: null, source: null };
}

/** The day an applicant `u` is due: the start (above) plus @months. MAX of SQLite is NULL with any NULL: '' stands for none. */
const DUE_ON = `date(MAX(
    COALESCE(u.last_activity_at, u.created_at),
    COALESCE((SELECT date(MAX(up.open_until), '+1 day') FROM user_profiles up WHERE up.user_id = u.id), ''),
    COALESCE((SELECT MAX(a.created_at) FROM recruiter_audit a WHERE a.applicant_id = u.id AND a.action = 'status'), '')
  ), '+' || @months || ' months')`;

export interface DueErasure {
  id: number;
  userName: string;
  firstName: string | null;
  lastName: string | null;
  dueOn: string;
}

/** The customer's applicants due by @until, soonest first. */
function dueErasures(ctx: ApiContext, cstm: string, months: number, until: string, limit: number): DueErasure[] {
  return statement(
    ctx.db,
    `SELECT * FROM (
       SELECT u.id, u.user_name AS userName, u.first_name AS firstName, u.last_name AS lastName, ${DUE_ON} AS dueOn
       FROM users u WHERE u.cstm = @cstm AND u.role = 'applicant' AND u.erased_at IS NULL
     ) WHERE dueOn <= @until ORDER BY dueOn, userName LIMIT @limit`,
  ).all({ cstm, months, until, limit }) as DueErasure[];
}

export interface RetentionView {
  period: RetentionPeriod;
  today: string;
  until: string;
  applicants: DueErasure[];
  total: number;
}

/** What the job will erase in the next RETENTION_VIEW_DAYS (overdue ones at its next run), as the data stands now. */
export function retentionView(ctx: ApiContext, customer: Customer): RetentionView {
  const period = retentionPeriodOf(ctx, customer);
  const today = dayOf(ctx.now());
  const until = addDays(today, RETENTION_VIEW_DAYS);
  if (period.months === null) return { period, today, until, applicants: [], total: 0 };
  const all = dueErasures(ctx, customer.cstm, period.months, until, -1);
  return { period, today, until, applicants: all.slice(0, RETENTION_VIEW_ROWS), total: all.length };
}

/**
 * Claims and erases one applicant in a transaction that takes the write lock first: the UPDATE sets erased_at only
 * while the applicant is not erased and still due, so of two instances exactly one erases, and a recruiter's
 * change in between (a new status, a later open-until) is respected.
 */
function claimErasure(ctx: ApiContext, customer: Customer, months: number, due: DueErasure): boolean {
  return ctx.db
    .transaction(() => {
      const today = dayOf(ctx.now());
      const claimed = statement(
        ctx.db,
        `UPDATE users SET erased_at = @now WHERE id = @id AND erased_at IS NULL
           AND (SELECT ${DUE_ON} FROM users u WHERE u.id = @id) <= @today`,
      ).run({ id: due.id, now: ctx.now().toISOString(), months, today });
      if (claimed.changes === 0) return false;
      const user = statement(ctx.db, "SELECT * FROM users WHERE id = ?").get(due.id) as User;
      eraseApplicant(ctx, { job: "retention", customer, changes: { dueOn: due.dueOn, retentionMonths: months } }, user);
      return true;
    })
    .immediate();
}

/** Erases what is due at `ctx.now()` for every customer with a period; returns those this run erased. */
export async function runRetention(ctx: ApiContext, shouldStop: () => boolean): Promise<(DueErasure & { cstm: string })[]> {
  const today = dayOf(ctx.now());
  const erased: (DueErasure & { cstm: string })[] = [];
  for (const customer of ctx.catalogue.customers.values()) {
    const { months } = retentionPeriodOf(ctx, customer);
    if (months === null) continue;
    for (const [index, due] of dueErasures(ctx, customer.cstm, months, today, -1).entries()) {
      if (shouldStop()) return erased;
      if (claimErasure(ctx, customer, months, due)) erased.push({ ...due, cstm: customer.cstm });
      // Other requests get their turn between batches: a first run may erase thousands.
      if (index % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return erased;
}
