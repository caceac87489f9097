import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import type { User } from "../store/users";
import type { RecruiterScope } from "./access";

/**
 * The recruiter audit log (docs/decisions/144): every recruiter change and every export of an
 * applicant's data, with who, when, which applicant and what (before → after). Written in the same
 * transaction as the change. Never a password or a link secret: callers pass only field values a
 * recruiter can see on the applicant page. The process log gets who, which applicant and what, as
 * ids, without the values.
 */
export type AuditAction =
  | "details"
  | "status"
  | "access"
  | "owner"
  | "open_until"
  | "profile_assigned"
  | "retest"
  | "form_corrected"
  | "email_sent"
  | "report_downloaded"
  | "values_exported"
  | "created"
  | "continue_code_issued"
  | "continue_code_used"
  | "open_until_default"
  | "list_exported"
  | "erased"
  | "data_exported"
  | "reminders"
  | "reminder_sent"
  | "selection_exported"
  | "rating"
  | "note_added"
  | "note_deleted";

export type AuditChanges = Record<string, unknown>;

/** Who wrote an entry, when a recruiter did. */
function byRecruiter(scope: RecruiterScope) {
  return { cstm: scope.customer.cstm, recruiterId: scope.recruiter.id, recruiterUserName: scope.recruiter.user_name };
}

/** An entry about the customer's setup or list rather than one applicant. */
const ABOUT_THE_CUSTOMER = { applicantId: null, applicantUserName: "" };

/** One row of the log: every writer below names who (a recruiter, or a job by name) and what it is about. */
function insertAudit(
  ctx: ApiContext,
  row: {
    cstm: string;
    recruiterId: number | null;
    recruiterUserName: string;
    applicantId: number | null;
    applicantUserName: string;
    profileId?: string;
    action: AuditAction;
    changes: AuditChanges;
  },
): number {
  return Number(
    statement(
      ctx.db,
      `INSERT INTO recruiter_audit (cstm, recruiter_id, recruiter_user_name, applicant_id, applicant_user_name, profile_id, action, changes_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      row.cstm,
      row.recruiterId,
      row.recruiterUserName,
      row.applicantId,
      row.applicantUserName,
      row.profileId ?? null,
      row.action,
      JSON.stringify(row.changes),
      ctx.now().toISOString(),
    ).lastInsertRowid,
  );
}

export function writeAudit(ctx: ApiContext, scope: RecruiterScope, applicant: User, action: AuditAction, changes: AuditChanges): number {
  const id = insertAudit(ctx, {
    ...byRecruiter(scope),
    applicantId: applicant.id,
    applicantUserName: applicant.user_name,
    action,
    changes,
  });
  // Ids, not user names (docs/decisions/171): the entry (reached by its id) names both for support.
  ctx.logger.info(
    { audit: { id, cstm: scope.customer.cstm, recruiterId: scope.recruiter.id, applicantId: applicant.id, action } },
    "recruiter action",
  );
  return id;
}

/**
 * What a scheduled job of the embedded API did to an applicant (docs/decisions/186, 187): the same log, with no
 * recruiter (recruiter_id NULL) and the job's name in brackets where a recruiter's user name stands, so the entry
 * says that the reminder job sent or the retention job erased, not a person.
 */
export const JOB_NAMES = ["reminders", "retention"] as const;
export type JobName = (typeof JOB_NAMES)[number];

export function writeJobAudit(
  ctx: ApiContext,
  cstm: string,
  job: JobName,
  applicant: Pick<User, "id" | "user_name">,
  action: AuditAction,
  changes: AuditChanges,
): number {
  const id = insertAudit(ctx, {
    cstm,
    recruiterId: null,
    recruiterUserName: `[${job}]`,
    applicantId: applicant.id,
    applicantUserName: applicant.user_name,
    action,
    changes,
  });
  ctx.logger.info({ audit: { id, cstm, job, applicantId: applicant.id, action } }, "scheduled job action");
  return id;
}

/**
 * A change of a test's setup (docs/decisions/157): the same log, about a profile of the
 * customer instead of an applicant (applicant_id NULL, applicant_user_name empty, profile_id set).
 */
export function writeSetupAudit(
  ctx: ApiContext,
  scope: RecruiterScope,
  profileId: string,
  action: AuditAction,
  changes: AuditChanges,
): number {
  const id = insertAudit(ctx, {
    ...byRecruiter(scope),
    ...ABOUT_THE_CUSTOMER,
    profileId,
    action,
    changes,
  });
  ctx.logger.info({ audit: { id, cstm: scope.customer.cstm, recruiterId: scope.recruiter.id, profileId, action } }, "recruiter action");
  return id;
}

/**
 * The applicant list taken out of the system (docs/decisions/171): the export file, or a page larger
 * than the list shows. About the customer's list, not one applicant (applicant_id and profile_id
 * NULL): who, when, which filter, how many rows. The filter is kept as the recruiter set it, search
 * words and name fields included: the entry is data protection's answer to "whose data left, and
 * with whom", and the audit log already holds the personal data it is about. The process log line
 * gets the count, never the filter (decision 168).
 */
export function writeListAudit(
  ctx: ApiContext,
  scope: RecruiterScope,
  changes: { via: string; filter: AuditChanges; rows: number } & AuditChanges,
): number {
  const id = insertAudit(ctx, {
    ...byRecruiter(scope),
    ...ABOUT_THE_CUSTOMER,
    action: "list_exported",
    changes,
  });
  ctx.logger.info(
    {
      audit: {
        id,
        cstm: scope.customer.cstm,
        recruiterId: scope.recruiter.id,
        action: "list_exported",
        via: changes.via,
        rows: changes.rows,
      },
    },
    "recruiter action",
  );
  return id;
}

/** The list query's parameters that were set (sort and order always are). */
export function describeListFilter(filter: Record<string, unknown>): AuditChanges {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ""));
}

export interface AuditEntry {
  id: number;
  at: string;
  cstm: string;
  recruiter: string;
  /** A scheduled job's entry (writeJobAudit): which job, so that a page can name it in its language. */
  job?: JobName;
  action: AuditAction;
  changes: AuditChanges;
}

export function auditOf(ctx: ApiContext, applicantId: number, limit = 200): AuditEntry[] {
  return toEntries(
    statement(
      ctx.db,
      `SELECT id, created_at, cstm, recruiter_id, recruiter_user_name, action, changes_json FROM recruiter_audit
       WHERE applicant_id = ? ORDER BY id DESC LIMIT ?`,
    ).all(applicantId, limit),
  );
}

/** The setup changes of a customer's test, newest first. */
export function setupAuditOf(ctx: ApiContext, cstm: string, profileId: string, limit = 200): AuditEntry[] {
  return toEntries(
    statement(
      ctx.db,
      `SELECT id, created_at, cstm, recruiter_id, recruiter_user_name, action, changes_json FROM recruiter_audit
       WHERE cstm = ? AND profile_id = ? ORDER BY id DESC LIMIT ?`,
    ).all(cstm, profileId, limit),
  );
}

function toEntries(result: unknown[]): AuditEntry[] {
  const rows = result as {
    id: number;
    created_at: string;
    cstm: string;
    recruiter_id: number | null;
    recruiter_user_name: string;
    action: AuditAction;
    changes_json: string;
  }[];
  const jobOf = (row: (typeof rows)[number]) =>
    row.recruiter_id === null ? JOB_NAMES.find((job) => row.recruiter_user_name === `[${job}]`) : undefined;
  return rows.map((row) => ({
    id: row.id,
    at: row.created_at,
    cstm: row.cstm,
    recruiter: row.recruiter_user_name,
    ...(jobOf(row) ? { job: jobOf(row) } : {}),
    action: row.action,
    changes: JSON.parse(row.changes_json) as AuditChanges,
  }));
}

/** { field: { before, after } } for the fields that changed. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(after)) {
    if ((before[field] ?? null) !== (value ?? null)) changes[field] = { before: before[field] ?? null, after: value ?? null };
  }
  return changes;
}
