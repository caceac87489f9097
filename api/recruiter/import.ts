import { z } from "zod";
import { randomHex } from "../auth/secrets";
import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import type { Mail } from "../mail/outbox";
import { conflict, notFound } from "../http/errors";
import { describeIssues } from "../http/validation";
import type { RecruiterScope } from "./access";
import { checkApplicant, createApplicantSchema, insertApplicant, newBatch, writeMails, type Checked, type NewApplicant } from "./create";

/**
 * The CSV import of applicants (docs/decisions/153): rows of text cells (the app reads them from the upload) are
 * staged first, every row checked and the recruiter shown each row's errors; committing creates the valid rows in
 * one transaction, nothing half-imported. Imported applicants get no password, only an activation mail (decision
 * 152): no key derivation, so 1,000 rows take well under a second. The checks and the insert are the single
 * creation's (create.ts).
 */
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
