import { randomBytes } from "node:crypto";
import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import type { User } from "../store/users";
import type { RecruiterScope } from "./access";
import { writeAudit, writeJobAudit, type AuditChanges } from "./audit";
import type { Customer } from "../store/catalogue";

/** Who erases when no recruiter does: the retention job (docs/decisions/187), with what its audit entry says. */
export interface RetentionScope {
  job: "retention";
  customer: Customer;
  changes: AuditChanges;
}

/** What the audit log says about an erased applicant instead of their user name (docs/decisions/181). */
export const ERASED_NAME = "[erased]";

/**
 * Erases an applicant (GDPR Art. 17, docs/decisions/181), in one transaction:
 * - the account row stays, anonymised, so the statistics keep counting its results as anonymous numbers: no
 *   names, e-mail address or password; a random user name nobody knows; sign-in off; `erased_at` set, which hides it
 *   from every recruiter call (list, detail, exports);
 * - deleted: tokens (every session ends), activation and reset links, continue codes, engine session keys (links
 *   into a test), passwords kept for reuse checks, form answers (their signed submission tokens are refused once the
 *   account is erased: docs/decisions/196), feedback, tracking events, client
 *   error reports, the mails in the outbox to the applicant, a newsletter subscription of the address, answers of
 *   the engine (the score and norm value of a session stay), recruiters' ratings and notes (docs/decisions/185);
 * - the audit log keeps every entry about the applicant without what it said (user name, before and after), and
 *   adds who erased them and when.
 */
export function eraseApplicant(ctx: ApiContext, scope: RecruiterScope | RetentionScope, user: User): void {
  const db = ctx.db;
  const now = ctx.now().toISOString();
  db.transaction(() => {
    const id = user.id;
    if (user.email) {
      statement(db, "DELETE FROM mail_outbox WHERE to_address = ? COLLATE NOCASE").run(user.email);
      statement(db, "DELETE FROM newsletter_subscriptions WHERE email = ?").run(user.email);
    }
    for (const sql of [
      "DELETE FROM mail_outbox WHERE user_id = ?",
      "DELETE FROM tokens WHERE user_id = ?",
      "DELETE FROM user_hashes WHERE user_id = ?",
      "DELETE FROM continue_codes WHERE user_id = ?",
      "DELETE FROM password_history WHERE user_id = ?",
      "DELETE FROM form_submissions WHERE user_id = ?",
      "DELETE FROM feedback WHERE user_id = ?",
      "DELETE FROM feedback_modal_seen WHERE user_id = ?",
      "DELETE FROM tracking_events WHERE user_id = ?",
      "DELETE FROM client_errors WHERE user_id = ?",
      // Shortlisting (docs/decisions/185): what recruiters wrote about the applicant.
      "DELETE FROM applicant_ratings WHERE user_id = ?",
      "DELETE FROM applicant_notes WHERE user_id = ?",
      "DELETE FROM engine_answers WHERE session_id IN (SELECT id FROM engine_sessions WHERE user_id = ?)",
      // The key opens the session from its link: a new random one, known to nobody.
      "UPDATE engine_sessions SET key_sha256 = lower(hex(randomblob(32))) WHERE user_id = ?",
      "UPDATE module_result_history SET form_values_json = NULL WHERE user_id = ?",
      `UPDATE recruiter_audit SET applicant_user_name = '${ERASED_NAME}', changes_json = '{}' WHERE applicant_id = ?`,
    ]) {
      statement(db, sql).run(id);
    }
    statement(
      db,
      `UPDATE users SET user_name = ?, email = NULL, first_name = NULL, last_name = NULL, password_hash = NULL,
         dp_accepted_revision = NULL, contacting_accepted = 0, login_disabled = 1, erased_at = ? WHERE id = ?`,
    ).run(`erased-${id}-${randomBytes(12).toString("hex")}`, now, id);
    if ("job" in scope) writeJobAudit(ctx, scope.customer.cstm, scope.job, { id, user_name: ERASED_NAME }, "erased", scope.changes);
    else writeAudit(ctx, scope, { ...user, user_name: ERASED_NAME }, "erased", {});
  })();
}
