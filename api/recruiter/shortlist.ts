import { z } from "zod";
import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import { forbidden, notFound } from "../http/errors";
import { profileIdSchema } from "../http/validation";
import { assignments } from "../store/progress";
import type { User } from "../store/users";
import type { RecruiterScope } from "./access";
import { changedFields, writeAudit } from "./audit";

/**
 * Shortlisting (docs/decisions/185): a rating 1–5 per applicant and test, which any recruiter of the
 * applicant's customer sets, changes or clears (the team's shortlist: the last one counts, with who and
 * when), and notes per applicant and test, which their author alone deletes. Only for a test the applicant
 * is assigned. Each change writes its audit entry in the same transaction; a note's text stays out of the
 * audit log (its id and length are enough to say what happened: the text is in the note).
 */
export const RATINGS = [1, 2, 3, 4, 5] as const;
export const MAX_NOTE_LENGTH = 2000;
/** Line breaks and tabs, but no other control character. */
const noteCharacters = (text: string) => !/\p{Cc}/u.test(text.replace(/[\t\n]/g, ""));

export const ratingSchema = z.object({ profileId: profileIdSchema, rating: z.number().int().min(1).max(5).nullable() }).strict();
export const noteSchema = z
  .object({
    profileId: profileIdSchema,
    // Line breaks are normalised so that the limit counts what the recruiter sees.
    text: z
      .string()
      .max(MAX_NOTE_LENGTH * 2)
      .transform((text) => text.replace(/\r\n?/g, "\n").trim())
      // Line breaks and tabs, but no other control character (a NUL would end up in every page showing the note).
      .pipe(z.string().min(1).max(MAX_NOTE_LENGTH).refine(noteCharacters, { message: "control character" })),
  })
  .strict();
export const noteDeleteSchema = z.object({ noteId: z.number().int().positive().max(2_147_483_647) }).strict();

function requireAssigned(ctx: ApiContext, user: User, profileId: string): void {
  if (!assignments(ctx, user.id).some((assignment) => assignment.profile.id === profileId)) throw notFound("unknown_profile");
}

export function setRating(ctx: ApiContext, scope: RecruiterScope, user: User, body: z.infer<typeof ratingSchema>) {
  return ctx.db.transaction(() => {
    requireAssigned(ctx, user, body.profileId);
    const before = statement(ctx.db, "SELECT rating FROM applicant_ratings WHERE user_id = ? AND profile_id = ?").get(
      user.id,
      body.profileId,
    ) as { rating: number } | undefined;
    const changes = changedFields({ rating: before?.rating ?? null }, { rating: body.rating });
    if (Object.keys(changes).length === 0) return changes;
    if (body.rating === null) {
      statement(ctx.db, "DELETE FROM applicant_ratings WHERE user_id = ? AND profile_id = ?").run(user.id, body.profileId);
    } else {
      statement(
        ctx.db,
        `INSERT INTO applicant_ratings (user_id, profile_id, rating, recruiter_id, recruiter_user_name, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, profile_id) DO UPDATE SET rating = excluded.rating, recruiter_id = excluded.recruiter_id,
           recruiter_user_name = excluded.recruiter_user_name, updated_at = excluded.updated_at`,
      ).run(user.id, body.profileId, body.rating, scope.recruiter.id, scope.recruiter.user_name, ctx.now().toISOString());
    }
    writeAudit(ctx, scope, user, "rating", { profileId: body.profileId, ...changes });
    return changes;
  })();
}

export function addNote(ctx: ApiContext, scope: RecruiterScope, user: User, body: z.infer<typeof noteSchema>) {
  return ctx.db.transaction(() => {
    requireAssigned(ctx, user, body.profileId);
    const noteId = Number(
      statement(
        ctx.db,
        `INSERT INTO applicant_notes (user_id, profile_id, recruiter_id, recruiter_user_name, text, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(user.id, body.profileId, scope.recruiter.id, scope.recruiter.user_name, body.text, ctx.now().toISOString()).lastInsertRowid,
    );
    writeAudit(ctx, scope, user, "note_added", { profileId: body.profileId, noteId, length: body.text.length });
    return { noteId };
  })();
}

export function deleteNote(ctx: ApiContext, scope: RecruiterScope, user: User, body: z.infer<typeof noteDeleteSchema>) {
  return ctx.db.transaction(() => {
    const note = statement(ctx.db, "SELECT profile_id, recruiter_id FROM applicant_notes WHERE id = ? AND user_id = ?").get(
      body.noteId,
      user.id,
    ) as { profile_id: string; recruiter_id: number } | undefined;
    if (!note) throw notFound("unknown_note");
    // A note is its author's word: colleagues add their own instead of removing it.
    if (note.recruiter_id !== scope.recruiter.id) throw forbidden("not_the_author");
    statement(ctx.db, "DELETE FROM applicant_notes WHERE id = ?").run(body.noteId);
    writeAudit(ctx, scope, user, "note_deleted", { profileId: note.profile_id, noteId: body.noteId });
    return { noteId: body.noteId, deleted: true };
  })();
}

interface RatingRow {
  profile_id: string;
  rating: number;
  recruiter_user_name: string;
  updated_at: string;
}

interface NoteRow {
  id: number;
  profile_id: string;
  recruiter_id: number;
  recruiter_user_name: string;
  text: string;
  created_at: string;
}

/** The ratings and notes about an applicant, per test; `recruiterId` marks the notes the caller may delete. */
export function shortlistOf(ctx: ApiContext, userId: number, recruiterId: number | null) {
  const ratings = statement(
    ctx.db,
    "SELECT profile_id, rating, recruiter_user_name, updated_at FROM applicant_ratings WHERE user_id = ? ORDER BY profile_id",
  ).all(userId) as RatingRow[];
  const notes = statement(
    ctx.db,
    "SELECT id, profile_id, recruiter_id, recruiter_user_name, text, created_at FROM applicant_notes WHERE user_id = ? ORDER BY id",
  ).all(userId) as NoteRow[];
  return {
    ratings: ratings.map((row) => ({ prof_prof_id: row.profile_id, rating: row.rating, by: row.recruiter_user_name, at: row.updated_at })),
    notes: notes.map((row) => ({
      id: row.id,
      prof_prof_id: row.profile_id,
      by: row.recruiter_user_name,
      at: row.created_at,
      text: row.text,
      own: row.recruiter_id === recruiterId,
    })),
  };
}
