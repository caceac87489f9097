import { z } from "zod";
import { hashPassword, meetsRequirements } from "../auth/passwords";
import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import type { Mail } from "../mail/outbox";
import { accountMail, activationPath } from "../mail/templates";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { dateSchema, emailSchema, nameSchema, passwordSchema, profileIdSchema, userNameSchema } from "../http/validation";
import { customerLanguage, LANGUAGES, type Language } from "../languages";
import { createUserHash } from "../store/user-hashes";
import { findUserById, setPassword, type User } from "../store/users";
import { recruitersOf, type RecruiterScope } from "./access";
import { writeAudit } from "./audit";
import { defaultOpenUntil } from "./setup";

/**
 * Creating applicants (docs/decisions/151-152): one at a time, with a password (they can sign in at once) or
 * without (an activation mail in their language). The checks and the insert here are also the CSV import's
 * (import.ts, decision 153).
 */

export const createApplicantSchema = z
  .object({
    userName: userNameSchema.optional(),
    email: emailSchema,
    firstName: nameSchema,
    lastName: nameSchema,
    language: z.enum(LANGUAGES).optional(),
    password: passwordSchema.optional(),
    profileId: profileIdSchema.optional(),
    owner: userNameSchema.optional(),
    openUntil: dateSchema.optional(),
    onSite: z.boolean().optional(),
  })
  .strict();

export type NewApplicant = z.infer<typeof createApplicantSchema>;

export interface Checked {
  userName: string;
  email: string;
  language: Language;
  profileId: string | null;
  ownerId: number | null;
  ownerName: string | null;
}

/** Names already used in this batch (an import's earlier rows), lower case; the customer's recruiters, read once per batch. */
export interface Seen {
  userNames: Set<string>;
  emails: Set<string>;
  recruiters?: Map<string, { id: number; user_name: string }>;
}

export const newBatch = (): Seen => ({ userNames: new Set(), emails: new Set() });

/**
 * The rules of the customer and the data: language offered, profile of the customer, owner who
 * serves it, open-until only with a profile, user name and e-mail address free (in the user base and
 * in the batch so far). Field → code; none when the row can be created.
 */
export function checkApplicant(
  ctx: ApiContext,
  scope: RecruiterScope,
  body: NewApplicant,
  seen: Seen,
): { checked?: Checked; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const { customer } = scope;
  const email = body.email.toLowerCase();
  const userName = body.userName ?? email;
  if (body.language && !customer.languages.includes(body.language)) errors.language = "invalid_option";
  let profileId: string | null = null;
  if (body.profileId) {
    const profile = ctx.catalogue.profiles.get(body.profileId);
    if (!profile || profile.userBase !== customer.userBase) errors.profileId = "unknown_profile";
    else profileId = profile.id;
  } else if (body.openUntil) errors.openUntil = "profile_required";
  let ownerId: number | null = null;
  let ownerName: string | null = null;
  if (body.owner) {
    seen.recruiters ??= new Map(recruitersOf(ctx.db, customer.cstm).map((recruiter) => [recruiter.user_name.toLowerCase(), recruiter]));
    const owner = seen.recruiters.get(body.owner.toLowerCase());
    if (!owner) errors.owner = "unknown_owner";
    else {
      ownerId = owner.id;
      ownerName = owner.user_name;
    }
  }
  const nameTaken =
    seen.userNames.has(userName.toLowerCase()) ||
    statement(ctx.db, "SELECT 1 FROM users WHERE user_base = ? AND user_name = ?").get(customer.userBase, userName);
  if (nameTaken) errors.userName = seen.userNames.has(userName.toLowerCase()) ? "duplicate_in_file" : "user_name_taken";
  if (seen.emails.has(email)) errors.email = "duplicate_in_file";
  else if (
    // Two index lookups (0.7 ms a row otherwise: with "email = ? OR user_name = ?", or with the role
    // term indexable, SQLite walks the user base's applicants by users_list_progress; "+role" keeps
    // it on users_email).
    statement(ctx.db, "SELECT 1 FROM users WHERE user_base = ? AND email = ? AND +role = 'applicant' LIMIT 1").get(
      customer.userBase,
      email,
    ) ||
    statement(ctx.db, "SELECT 1 FROM users WHERE user_base = ? AND user_name = ? AND role = 'applicant'").get(customer.userBase, email)
  ) {
    errors.email = "email_taken";
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    checked: { userName, email, language: customerLanguage(customer.languages, body.language), profileId, ownerId, ownerName },
    errors,
  };
}

const CONFLICT_CODES = new Set(["user_name_taken", "email_taken"]);

/** Inserts the applicant with their assignment and audit entry; returns the activation mail to write, if any. */
export function insertApplicant(
  ctx: ApiContext,
  scope: RecruiterScope,
  body: NewApplicant,
  checked: Checked,
  passwordHash: string | null,
  facts: Record<string, unknown>,
): { user: User; mail: Mail | null } {
  const now = ctx.now();
  const userId = Number(
    statement(
      ctx.db,
      `INSERT INTO users (user_base, cstm, user_name, role, email, first_name, last_name, language, activated, anonymous, created_at, owner_id, on_site)
       VALUES (?, ?, ?, 'applicant', ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
    ).run(
      scope.customer.userBase,
      // Created or imported here: this customer's applicant (docs/decisions/170).
      scope.customer.cstm,
      checked.userName,
      checked.email,
      body.firstName,
      body.lastName,
      checked.language,
      passwordHash ? 1 : 0,
      now.toISOString(),
      checked.ownerId,
      body.onSite ? 1 : 0,
    ).lastInsertRowid,
  );
  if (passwordHash) setPassword(ctx.db, userId, passwordHash, now);
  // Without a date of its own, the test's open-until default of the customer (decision 157).
  const openUntil = checked.profileId ? (body.openUntil ?? defaultOpenUntil(ctx, scope.customer.cstm, checked.profileId)) : null;
  if (checked.profileId) {
    statement(ctx.db, "INSERT INTO user_profiles (user_id, profile_id, is_open, open_until, assigned_at) VALUES (?, ?, 1, ?, ?)").run(
      userId,
      checked.profileId,
      openUntil,
      now.toISOString(),
    );
  }
  const user = findUserById(ctx.db, userId)!;
  let mail: Mail | null = null;
  if (!passwordHash) {
    const hash = createUserHash(ctx.db, userId, "activation", scope.customer.cstm, Math.floor(now.getTime() / 1000));
    const language = checked.language;
    mail = {
      cstm: scope.customer.cstm,
      userId,
      userName: user.user_name,
      to: checked.email,
      kind: "activation",
      linkPath: activationPath(scope.customer.cstm, hash, language),
      content: (link) => accountMail("activation", language, { name: body.firstName, customer: scope.customer.name, link }),
    };
  }
  // Never the password: only whether one was set.
  writeAudit(ctx, scope, user, "created", {
    userName: user.user_name,
    email: checked.email,
    firstName: body.firstName,
    lastName: body.lastName,
    language: checked.language,
    profileId: checked.profileId,
    openUntil,
    owner: checked.ownerName,
    onSite: body.onSite ?? false,
    password: passwordHash !== null,
    activationMail: mail !== null,
    ...facts,
  });
  return { user, mail };
}

/**
 * The mails are written as the transaction's last step: their rows commit or roll back with the
 * applicants, and SMTP sending (asynchronous) starts only after the synchronous transaction ended.
 */
export function writeMails(ctx: ApiContext, mails: Mail[]): number[] {
  return mails.map((mail) => ctx.outbox.write(mail));
}

export interface Created {
  userName: string;
  activated: boolean;
  activationMail: boolean;
}

/** One applicant (POST /{cstm}/recruiter/applicants). */
export async function createApplicant(ctx: ApiContext, scope: RecruiterScope, body: NewApplicant): Promise<Created> {
  const first = checkApplicant(ctx, scope, body, newBatch());
  refuse(first.errors);
  if (body.password !== undefined && !meetsRequirements(body.password)) throw forbidden("password_requirements", "C10");
  const passwordHash = body.password !== undefined ? await hashPassword(body.password) : null;
  return ctx.db.transaction(() => {
    // Checked again after the hashing's await: someone may have taken the name meanwhile.
    const again = checkApplicant(ctx, scope, body, newBatch());
    refuse(again.errors);
    const { user, mail } = insertApplicant(ctx, scope, body, again.checked!, passwordHash, {});
    if (mail) writeMails(ctx, [mail]);
    return { userName: user.user_name, activated: user.activated === 1, activationMail: mail !== null };
  })();
}

export function refuse(errors: Record<string, string>): void {
  const codes = Object.values(errors);
  if (codes.length === 0) return;
  // A taken name or address is a conflict the recruiter resolves; everything else is a bad field.
  if (codes.every((code) => CONFLICT_CODES.has(code)))
    throw conflict(codes.includes("user_name_taken") ? "user_name_taken" : "email_taken", errors);
  if (errors.profileId === "unknown_profile" && codes.length === 1) throw notFound("unknown_profile");
  if (errors.owner === "unknown_owner" && codes.length === 1) throw notFound("unknown_owner");
  throw badRequest("invalid_body", errors);
}
