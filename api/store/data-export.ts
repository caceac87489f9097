import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import { valuesOf } from "../recruiter/detail";
import type { Language } from "../languages";
import { assignments } from "./progress";
import type { User } from "./users";

/**
 * Everything stored about an applicant (GDPR Art. 15, docs/decisions/182), for the applicant themself and for a
 * recruiter of their customer: the account, the assignments with their results, the saved form answers, feedback,
 * the mails written to them, recruiters' ratings and notes, what recruiters did about them and the tracking events. Names of tests, modules and
 * form fields in `language`; keys in English, so that the file is readable and also portable (Art. 20). Secrets are
 * not data about the person: no password hash, tokens or link hashes.
 */
export function applicantDataExport(ctx: ApiContext, user: User, language: Language) {
  const db = ctx.db;
  const values = valuesOf(ctx, user, language);
  const tests = assignments(ctx, user.id).map((assignment) => ({
    profileId: assignment.profile.id,
    name: assignment.profile.name,
    assignedAt: assignment.assignedAt,
    openUntil: assignment.openUntil,
    open: assignment.isOpen,
    results: values.scales
      .filter((scale) => scale.prof_prof_id === assignment.profile.id)
      .map((scale) => ({
        module: scale.name,
        finishedAt: scale.finishedAt,
        score: scale.score,
        maxScore: scale.maxScore,
        normValue: scale.normValue,
      })),
  }));
  const byUser = <T>(sql: string) => statement(db, sql).all(user.id) as T[];
  return {
    exportedAt: ctx.now().toISOString(),
    language,
    account: {
      userName: user.user_name,
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      language: user.language,
      anonymous: user.anonymous === 1,
      activated: user.activated === 1,
      registeredAt: user.created_at,
      lastActivityAt: user.last_activity_at,
      privacyStatementRevisionAccepted: user.dp_accepted_revision,
      contactingAccepted: user.contacting_accepted === 1,
      applicationStatus: user.status,
      signInDisabled: user.login_disabled === 1,
      onSite: user.on_site === 1,
    },
    tests,
    formAnswers: values.forms.map((answer) => ({
      profileId: answer.prof_prof_id,
      form: answer.form_identifier,
      field: answer.label,
      value: answer.value,
      savedAt: answer.savedAt,
    })),
    feedback: byUser<Record<string, unknown>>(
      "SELECT profile_id AS profileId, rating, comment, created_at AS createdAt FROM feedback WHERE user_id = ? ORDER BY id",
    ),
    mails: user.email
      ? (statement(
          db,
          `SELECT kind, subject, created_at AS writtenAt, sent_at AS sentAt FROM mail_outbox
             WHERE user_id = ? OR to_address = ? COLLATE NOCASE ORDER BY id`,
        ).all(user.id, user.email) as Record<string, unknown>[])
      : byUser<Record<string, unknown>>(
          "SELECT kind, subject, created_at AS writtenAt, sent_at AS sentAt FROM mail_outbox WHERE user_id = ? ORDER BY id",
        ),
    // What recruiters rated and wrote about the applicant (docs/decisions/185), with who and when.
    ratings: byUser<Record<string, unknown>>(
      `SELECT profile_id AS profileId, rating, recruiter_user_name AS ratedBy, updated_at AS ratedAt
         FROM applicant_ratings WHERE user_id = ? ORDER BY profile_id`,
    ),
    notes: byUser<Record<string, unknown>>(
      `SELECT profile_id AS profileId, text, recruiter_user_name AS writtenBy, created_at AS writtenAt
         FROM applicant_notes WHERE user_id = ? ORDER BY id`,
    ),
    recruiterActions: byUser<Record<string, unknown>>(
      "SELECT action, created_at AS at FROM recruiter_audit WHERE applicant_id = ? ORDER BY id",
    ),
    trackingEvents: byUser<Record<string, unknown>>(
      "SELECT profile_id AS profileId, kind, created_at AS at FROM tracking_events WHERE user_id = ? ORDER BY id",
    ),
  };
}
