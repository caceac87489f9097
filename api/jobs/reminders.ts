import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import { accountMail, activationPath } from "../mail/templates";
import type { Mail } from "../mail/outbox";
import { writeJobAudit } from "../recruiter/audit";
import { recruiterTemplateMail } from "../recruiter/mails";
import type { Customer } from "../store/catalogue";
import { createUserHash } from "../store/user-hashes";
import type { User } from "../store/users";

/**
 * Automatic reminders (docs/decisions/186). Per customer and test, off by default:
 * - `open_until`: N days before an assignment's open-until date, to applicants who can sign in and have not
 *   finished it (the recruiter's reminder mail, with the date);
 * - `not_activated`: N days after the assignment, to applicants who never activated their account (the activation
 *   mail with a new link: the old one expires after 7 days, decision 092).
 * A reminder is due on its day and the CATCH_UP_DAYS after it (a run missed by an outage or a deployment still sends
 * it, a setting switched on does not mail what was due weeks ago). Each is sent once: the ledger's UNIQUE row
 * (applicant, test, kind, due day) is inserted in the same transaction as the mail, and only the instance whose
 * insert took writes the mail.
 */
export const REMINDER_KINDS = ["open_until", "not_activated"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const MAX_REMINDER_DAYS = 90;
export const CATCH_UP_DAYS = 7;
/** How many scheduled and sent reminders the recruiter's page shows. */
export const REMINDER_PAGE_ROWS = 50;

export interface ReminderSettings {
  enabled: boolean;
  daysBeforeOpenUntil: number | null;
  daysAfterInvitation: number | null;
}

export interface DueReminder {
  cstm: string;
  profileId: string;
  userId: number;
  userName: string;
  firstName: string | null;
  lastName: string | null;
  kind: ReminderKind;
  dueOn: string;
}

export function reminderSettingsOf(ctx: ApiContext, cstm: string, profileId: string): ReminderSettings {
  const row = statement(
    ctx.db,
    "SELECT enabled, days_before_open_until, days_after_invitation FROM reminder_settings WHERE cstm = ? AND profile_id = ?",
  ).get(cstm, profileId) as { enabled: number; days_before_open_until: number | null; days_after_invitation: number | null } | undefined;
  return {
    enabled: row?.enabled === 1,
    daysBeforeOpenUntil: row?.days_before_open_until ?? null,
    daysAfterInvitation: row?.days_after_invitation ?? null,
  };
}

export function saveReminderSettings(ctx: ApiContext, cstm: string, profileId: string, settings: ReminderSettings): void {
  statement(
    ctx.db,
    `INSERT INTO reminder_settings (cstm, profile_id, enabled, days_before_open_until, days_after_invitation, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (cstm, profile_id) DO UPDATE SET enabled = excluded.enabled, days_before_open_until = excluded.days_before_open_until,
       days_after_invitation = excluded.days_after_invitation, updated_at = excluded.updated_at`,
  ).run(cstm, profileId, settings.enabled ? 1 : 0, settings.daysBeforeOpenUntil, settings.daysAfterInvitation, ctx.now().toISOString());
}

/** Applicants a reminder can reach: not erased, sign-in allowed, an address to write to. */
const REACHABLE = "u.role = 'applicant' AND u.erased_at IS NULL AND u.login_disabled = 0 AND u.expired = 0 AND u.email IS NOT NULL";

/** Due reminders from @from to @until (days), not yet in the ledger; @cstm and @profileId narrow it to one test. */
const DUE_SQL = `
  SELECT * FROM (
    SELECT s.cstm, s.profile_id AS profileId, u.id AS userId, u.user_name AS userName, u.first_name AS firstName,
           u.last_name AS lastName, 'open_until' AS kind, date(up.open_until, '-' || s.days_before_open_until || ' days') AS dueOn
    FROM reminder_settings s
    JOIN user_profiles up ON up.profile_id = s.profile_id
    JOIN users u ON u.id = up.user_id AND u.cstm = s.cstm
    WHERE s.enabled = 1 AND s.days_before_open_until IS NOT NULL AND (@cstm IS NULL OR (s.cstm = @cstm AND s.profile_id = @profileId))
      AND up.is_open = 1 AND up.open_until >= @today AND up.finished_modules < up.total_modules
      AND u.activated = 1 AND ${REACHABLE}
    UNION ALL
    SELECT s.cstm, s.profile_id, u.id, u.user_name, u.first_name, u.last_name, 'not_activated',
           date(up.assigned_at, '+' || s.days_after_invitation || ' days')
    FROM reminder_settings s
    JOIN user_profiles up ON up.profile_id = s.profile_id
    JOIN users u ON u.id = up.user_id AND u.cstm = s.cstm
    WHERE s.enabled = 1 AND s.days_after_invitation IS NOT NULL AND (@cstm IS NULL OR (s.cstm = @cstm AND s.profile_id = @profileId))
      AND up.is_open = 1 AND (up.open_until IS NULL OR up.open_until >= @today)
      AND u.activated = 0 AND u.anonymous = 0 AND ${REACHABLE}
  ) due
  WHERE dueOn >= @from AND dueOn <= @until
    AND NOT EXISTS (SELECT 1 FROM reminder_sends r
                    WHERE r.user_id = due.userId AND r.profile_id = due.profileId AND r.kind = due.kind AND r.due_on = due.dueOn)
  ORDER BY dueOn, userName, kind
  LIMIT @limit`;

export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function dueReminders(
  ctx: ApiContext,
  today: string,
  range: { from: string; until: string; limit: number },
  test?: { cstm: string; profileId: string },
): DueReminder[] {
  return statement(ctx.db, DUE_SQL).all({
    today,
    ...range,
    cstm: test?.cstm ?? null,
    profileId: test?.profileId ?? null,
  }) as DueReminder[];
}

/**
 * What the job will send for one test, soonest first: reminders due in the catch-up days go out at the next run,
 * later ones on their day (as the data stands now: a finished test, an activation or a new open-until changes it).
 */
export function scheduledReminders(ctx: ApiContext, cstm: string, profileId: string): DueReminder[] {
  const today = dayOf(ctx.now());
  return dueReminders(
    ctx,
    today,
    { from: addDays(today, 1 - CATCH_UP_DAYS), until: addDays(today, 366), limit: REMINDER_PAGE_ROWS },
    { cstm, profileId },
  );
}

export interface SentReminder {
  userName: string;
  firstName: string | null;
  lastName: string | null;
  kind: ReminderKind;
  dueOn: string;
  sentAt: string;
}

/** The ledger of one test, newest first; erased applicants are passed by (docs/decisions/181). */
export function sentReminders(ctx: ApiContext, cstm: string, profileId: string): SentReminder[] {
  return statement(
    ctx.db,
    `SELECT u.user_name AS userName, u.first_name AS firstName, u.last_name AS lastName, r.kind, r.due_on AS dueOn, r.sent_at AS sentAt
     FROM reminder_sends r JOIN users u ON u.id = r.user_id
     WHERE r.cstm = ? AND r.profile_id = ? AND u.erased_at IS NULL ORDER BY r.sent_at DESC, r.id DESC LIMIT ?`,
  ).all(cstm, profileId, REMINDER_PAGE_ROWS) as SentReminder[];
}

function reminderMail(ctx: ApiContext, customer: Customer, user: User & { email: string }, kind: ReminderKind): Mail {
  if (kind === "open_until") {
    const prepared = recruiterTemplateMail(ctx, customer, user, "reminder", "");
    return {
      cstm: customer.cstm,
      userId: user.id,
      userName: user.user_name,
      to: prepared.to,
      kind: "recruiter",
      linkPath: prepared.linkPath,
      content: prepared.content,
    };
  }
  const hash = createUserHash(ctx.db, user.id, "activation", customer.cstm, Math.floor(ctx.now().getTime() / 1000));
  return {
    cstm: customer.cstm,
    userId: user.id,
    userName: user.user_name,
    to: user.email,
    kind: "activation",
    linkPath: activationPath(customer.cstm, hash, user.language),
    content: (link) => accountMail("activation", user.language, { name: user.first_name ?? user.user_name, customer: customer.name, link }),
  };
}

/**
 * Claims and writes one reminder in a transaction that takes the write lock first (BEGIN IMMEDIATE): a second
 * instance waits for it (busy_timeout), then finds the ledger row and writes nothing. Null when it was not ours.
 */
function claimReminder(ctx: ApiContext, due: DueReminder): (() => void) | null {
  const customer = ctx.catalogue.customers.get(due.cstm);
  if (!customer) return null;
  return ctx.db
    .transaction(() => {
      const user = statement(ctx.db, "SELECT * FROM users WHERE id = ? AND erased_at IS NULL").get(due.userId) as User | undefined;
      if (!user?.email) return null;
      const claimed = statement(
        ctx.db,
        `INSERT INTO reminder_sends (cstm, user_id, profile_id, kind, due_on, sent_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, profile_id, kind, due_on) DO NOTHING`,
      ).run(due.cstm, due.userId, due.profileId, due.kind, due.dueOn, ctx.now().toISOString());
      if (claimed.changes === 0) return null;
      const mail = ctx.outbox.insert(reminderMail(ctx, customer, { ...user, email: user.email }, due.kind), ctx.now());
      statement(ctx.db, "UPDATE reminder_sends SET mail_id = ? WHERE id = ?").run(mail.id, claimed.lastInsertRowid);
      writeJobAudit(ctx, due.cstm, "reminders", user, "reminder_sent", { profileId: due.profileId, kind: due.kind, dueOn: due.dueOn });
      return mail.deliver;
    })
    .immediate();
}

/** Sends the reminders due at `ctx.now()`, each once across every instance; returns those this run sent. */
export async function runReminders(ctx: ApiContext, shouldStop: () => boolean): Promise<DueReminder[]> {
  const today = dayOf(ctx.now());
  const sent: DueReminder[] = [];
  const due = dueReminders(ctx, today, { from: addDays(today, 1 - CATCH_UP_DAYS), until: today, limit: -1 });
  for (const [index, reminder] of due.entries()) {
    if (shouldStop()) break;
    const deliver = claimReminder(ctx, reminder);
    if (deliver) {
      deliver();
      sent.push(reminder);
    }
    // Other requests get their turn between batches: one run may write thousands of mails.
    if (index % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
  }
  return sent;
}
