import { z } from "zod";
import { hashPassword, meetsRequirements } from "../auth/passwords";
import { randomHex } from "../auth/secrets";
import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import type { Mail } from "../mail/outbox";
import { accountMail, activationPath } from "../mail/templates";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { dateSchema, describeIssues, emailSchema, nameSchema, passwordSchema, profileIdSchema, userNameSchema } from "../http/validation";
import { customerLanguage, LANGUAGES, type Language } from "../languages";
import { createUserHash } from "../store/user-hashes";
import { findUserById, setPassword, type User } from "../store/users";
import { recruitersOf, type RecruiterScope } from "./access";
import { writeAudit } from "./audit";
import { defaultOpenUntil } from "./setup";

/**
 * Creating applicants (docs/decisions/151-153): one at a time, with a password (they can
 * sign in at once) or without (an activation mail in their language), and in bulk from rows of text
 * cells (the app reads them from a CSV upload). A bulk import is staged first: every row is checked
 * and the recruiter sees each row's errors; committing creates the valid rows in one transaction,
 * nothing half-imported. Bulk-created applicants get no password, only an activation mail (decision
 * 152): no key derivation, so 1,000 rows take well under a second.
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

/** The columns of an import row, as text (empty = not given). */
export const IMPORT_COLUMNS = [
  "userName",
  "email",
  "firstName",
  "lastName",
  "language",
  "profileId",
  "owner",
  "openUntil",
  "onSite",
] as const;
export const MAX_IMPORT_ROWS = 2000;
/** A staged import can be committed for this long. */
export const IMPORT_TTL_S = 60 * 60;

const cell = z.string().max(1000).optional();
const importRowSchema = z
  .object({
    line: z.number().int().positive().max(10_000_000).optional(),
    ...Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, cell])),
  })
  .strict() as z.ZodType<ImportRow, z.ZodTypeDef, unknown>;
export type ImportRow = { line?: number } & Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;

export const stageImportSchema = z.object({ rows: z.array(importRowSchema).min(1).max(MAX_IMPORT_ROWS) }).strict();

const TRUE_WORDS = new Set(["1", "true", "yes", "ja", "igen", "si", "sì", "x"]);
const FALSE_WORDS = new Set(["", "0", "false", "no", "nein", "nem"]);

/** A row's cells as the single-create body; empty cells are absent. */
function rowToApplicant(row: ImportRow): { body?: NewApplicant; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const given = (column: (typeof IMPORT_COLUMNS)[number]) => {
    const value = row[column]?.trim();
    return value ? value : undefined;
  };
  const onSiteText = (row.onSite ?? "").trim().toLowerCase();
  let onSite: boolean | undefined;
  if (TRUE_WORDS.has(onSiteText)) onSite = true;
  else if (FALSE_WORDS.has(onSiteText)) onSite = onSiteText === "" ? undefined : false;
  else errors.onSite = "invalid_option";
  const candidate = {
    userName: given("userName"),
    email: given("email"),
    firstName: given("firstName"),
    lastName: given("lastName"),
    language: given("language"),
    profileId: given("profileId"),
    owner: given("owner"),
    openUntil: given("openUntil"),
    onSite,
  };
  const parsed = createApplicantSchema.safeParse(candidate);
  if (!parsed.success) Object.assign(errors, describeIssues(parsed.error.issues));
  return Object.keys(errors).length === 0 && parsed.success ? { body: parsed.data, errors } : { errors };
}

interface Checked {
  userName: string;
  email: string;
  language: Language;
  profileId: string | null;
  ownerId: number | null;
  ownerName: string | null;
}

/** Names already used in this batch (an import's earlier rows), lower case; the customer's recruiters, read once per batch. */
interface Seen {
  userNames: Set<string>;
  emails: Set<string>;
  recruiters?: Map<string, { id: number; user_name: string }>;
}

const newBatch = (): Seen => ({ userNames: new Set(), emails: new Set() });

/**
 * The rules of the customer and the data: language offered, profile of the customer, owner who
 * serves it, open-until only with a profile, user name and e-mail address free (in the user base and
 * in the batch so far). Field → code; none when the row can be created.
 */
function checkApplicant(
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
function insertApplicant(
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
function writeMails(ctx: ApiContext, mails: Mail[]): number[] {
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

function refuse(errors: Record<string, string>): void {
  const codes = Object.values(errors);
  if (codes.length === 0) return;
  // A taken name or address is a conflict the recruiter resolves; everything else is a bad field.
  if (codes.every((code) => CONFLICT_CODES.has(code)))
    throw conflict(codes.includes("user_name_taken") ? "user_name_taken" : "email_taken", errors);
  if (errors.profileId === "unknown_profile" && codes.length === 1) throw notFound("unknown_profile");
  if (errors.owner === "unknown_owner" && codes.length === 1) throw notFound("unknown_owner");
  throw badRequest("invalid_body", errors);
}

export interface CheckedRow {
  line: number;
  values: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;
  errors: Record<string, string>;
}

/** Every row checked against the data now and against the rows before it. */
function checkRows(
  ctx: ApiContext,
  scope: RecruiterScope,
  rows: ImportRow[],
): { rows: CheckedRow[]; valid: { line: number; body: NewApplicant; checked: Checked }[] } {
  const seen = newBatch();
  const checkedRows: CheckedRow[] = [];
  const valid: { line: number; body: NewApplicant; checked: Checked }[] = [];
  rows.forEach((row, index) => {
    const line = row.line ?? index + 1;
    const { line: _line, ...values } = row;
    const parsed = rowToApplicant(row);
    let errors = parsed.errors;
    if (parsed.body) {
      const result = checkApplicant(ctx, scope, parsed.body, seen);
      errors = result.errors;
      if (result.checked) valid.push({ line, body: parsed.body, checked: result.checked });
    }
    // Later rows with the same name or address are duplicates of this one, valid or not.
    const email = row.email?.trim().toLowerCase();
    const userName = (row.userName?.trim() || email)?.toLowerCase();
    if (email) seen.emails.add(email);
    if (userName) seen.userNames.add(userName);
    checkedRows.push({ line, values, errors });
  });
  return { rows: checkedRows, valid };
}

interface ImportRecord {
  id: string;
  cstm: string;
  recruiter_id: number;
  rows_json: string;
  state: "staged" | "imported";
  result_json: string | null;
  created_at: string;
  expires_at: number;
}

/**
 * Staged rows are names and e-mail addresses of people who may never become applicants: they are
 * kept only while the recruiter can still act on them (docs/decisions/171). An import whose hour has
 * ended is deleted by the API's sweep (api/index.ts, every SWEEP_INTERVAL_MS) or the next staging,
 * whichever comes first; committing keeps only the report, discarding deletes the import at once.
 */
export function purgeExpiredImports(ctx: ApiContext): number {
  return statement(ctx.db, "DELETE FROM recruiter_imports WHERE expires_at <= ?").run(Math.floor(ctx.now().getTime() / 1000)).changes;
}

/** Stages an import: stored for an hour, for the recruiter who made it. */
export function stageImport(ctx: ApiContext, scope: RecruiterScope, rows: ImportRow[]) {
  purgeExpiredImports(ctx);
  const id = randomHex(16);
  const nowS = Math.floor(ctx.now().getTime() / 1000);
  statement(
    ctx.db,
    "INSERT INTO recruiter_imports (id, cstm, recruiter_id, rows_json, state, created_at, expires_at) VALUES (?, ?, ?, ?, 'staged', ?, ?)",
  ).run(id, scope.customer.cstm, scope.recruiter.id, JSON.stringify(rows), ctx.now().toISOString(), nowS + IMPORT_TTL_S);
  return importView(ctx, scope, id);
}

function requireImport(ctx: ApiContext, scope: RecruiterScope, id: string): ImportRecord {
  const record = statement(ctx.db, "SELECT * FROM recruiter_imports WHERE id = ?").get(id) as ImportRecord | undefined;
  const nowS = Math.floor(ctx.now().getTime() / 1000);
  // Another recruiter's import, another customer's, or an expired one: unknown.
  if (!record || record.recruiter_id !== scope.recruiter.id || record.cstm !== scope.customer.cstm || record.expires_at <= nowS) {
    throw notFound("unknown_import");
  }
  return record;
}

export interface ImportResult {
  created: { line: number; userName: string }[];
  skipped: { line: number; errors: Record<string, string> }[];
}

/** The staged import with each row checked against today's data, or the result of a committed one. */
export function importView(ctx: ApiContext, scope: RecruiterScope, id: string) {
  const record = requireImport(ctx, scope, id);
  const base = {
    id: record.id,
    state: record.state,
    createdAt: record.created_at,
    expiresAt: new Date(record.expires_at * 1000).toISOString(),
  };
  if (record.state === "imported") {
    // The rows are gone (purged at the commit); the report holds what the page shows.
    const result = JSON.parse(record.result_json ?? "{}") as ImportResult;
    const total = result.created.length + result.skipped.length;
    return { ...base, total, valid: result.created.length, invalid: result.skipped.length, result };
  }
  const { rows } = checkRows(ctx, scope, JSON.parse(record.rows_json) as ImportRow[]);
  const valid = rows.filter((row) => Object.keys(row.errors).length === 0).length;
  return { ...base, total: rows.length, valid, invalid: rows.length - valid, rows };
}

/**
 * Commits a staged import: the rows are checked again and every valid one is created, all in one
 * transaction (an error rolls back every row). The activation mails are written in it too.
 */
export function commitImport(ctx: ApiContext, scope: RecruiterScope, id: string): ImportResult & { durationMs: number } {
  const started = performance.now();
  const result = ctx.db.transaction(() => {
    const record = requireImport(ctx, scope, id);
    if (record.state !== "staged") throw conflict("import_done");
    const { rows, valid } = checkRows(ctx, scope, JSON.parse(record.rows_json) as ImportRow[]);
    if (valid.length === 0) throw conflict("nothing_to_import");
    const mails: Mail[] = [];
    const created: ImportResult["created"] = [];
    for (const row of valid) {
      const { user, mail } = insertApplicant(ctx, scope, row.body, row.checked, null, { importId: id, line: row.line });
      if (mail) mails.push(mail);
      created.push({ line: row.line, userName: user.user_name });
    }
    writeMails(ctx, mails);
    const outcome: ImportResult = {
      created,
      skipped: rows.filter((row) => Object.keys(row.errors).length > 0).map((row) => ({ line: row.line, errors: row.errors })),
    };
    // The staged rows go with the commit: the report keeps line numbers, the created applicants' user
    // names and the skipped rows' error codes, never a skipped row's name or address (decision 171).
    statement(ctx.db, "UPDATE recruiter_imports SET state = 'imported', result_json = ?, rows_json = '[]' WHERE id = ?").run(
      JSON.stringify(outcome),
      id,
    );
    return outcome;
  })();
  const durationMs = performance.now() - started;
  ctx.logger.info(
    {
      recruiterImport: {
        id,
        cstm: scope.customer.cstm,
        recruiterId: scope.recruiter.id,
        created: result.created.length,
        skipped: result.skipped.length,
        durationMs: Math.round(durationMs),
      },
    },
    "recruiter import committed",
  );
  return { ...result, durationMs };
}

/** Discards an import (the recruiter starts over): its record is deleted at once (decision 171). */
export function discardImport(ctx: ApiContext, scope: RecruiterScope, id: string): void {
  requireImport(ctx, scope, id);
  statement(ctx.db, "DELETE FROM recruiter_imports WHERE id = ?").run(id);
}
