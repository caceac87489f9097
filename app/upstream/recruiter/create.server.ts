import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "~/upstream/client.server";
import type { ImportColumn } from "./import-columns";

/**
 * The upstream calls for creating applicants (docs/api.md, Creating applicants; decisions 151–153): one
 * applicant, and the bulk import staged, read, committed or discarded. Recruiter token (the paths
 * contain "recruiter"); the customer is the path's first segment.
 */
export interface NewApplicant {
  userName?: string;
  email: string;
  firstName: string;
  lastName: string;
  language?: string;
  password?: string;
  profileId?: string;
  owner?: string;
  openUntil?: string;
  onSite?: boolean;
}

const createdSchema = z.object({ userName: z.string(), activated: z.boolean(), activationMail: z.boolean() });
export type CreatedApplicant = z.infer<typeof createdSchema>;

export function createApplicant(context: AppLoadContext, session: AppSession, cstm: string, body: NewApplicant): Promise<CreatedApplicant> {
  // A password is hashed upstream: the credential budget.
  return callUpstream(context, {
    method: "POST",
    path: `/${encodeURIComponent(cstm)}/recruiter/applicants`,
    auth: "token",
    session,
    body,
    budget: "credential",
    schema: createdSchema,
  });
}

export type ImportRow = { line: number } & Partial<Record<ImportColumn, string>>;

const errorsSchema = z.record(z.string(), z.string());
const resultSchema = z.object({
  created: z.array(z.object({ line: z.number(), userName: z.string() })),
  skipped: z.array(z.object({ line: z.number(), errors: errorsSchema })),
});
const importSchema = z.object({
  id: z.string(),
  state: z.enum(["staged", "imported"]),
  createdAt: z.string(),
  expiresAt: z.string(),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  rows: z.array(z.object({ line: z.number(), values: z.record(z.string(), z.string()), errors: errorsSchema })).optional(),
  result: resultSchema.optional(),
});
export type ImportView = z.infer<typeof importSchema>;
export type ImportResult = z.infer<typeof resultSchema>;

const imports = (cstm: string) => `/${encodeURIComponent(cstm)}/recruiter/imports`;

export function stageImport(context: AppLoadContext, session: AppSession, cstm: string, rows: ImportRow[]): Promise<ImportView> {
  return callUpstream(context, {
    method: "POST",
    path: imports(cstm),
    auth: "token",
    session,
    body: { rows },
    budget: "credential",
    schema: importSchema,
  });
}

export function readImport(context: AppLoadContext, session: AppSession, cstm: string, id: string): Promise<ImportView> {
  return callUpstream(context, {
    method: "GET",
    path: `${imports(cstm)}/${encodeURIComponent(id)}`,
    auth: "token",
    session,
    schema: importSchema,
  });
}

export function commitImport(context: AppLoadContext, session: AppSession, cstm: string, id: string): Promise<ImportResult> {
  return callUpstream(context, {
    method: "POST",
    path: `${imports(cstm)}/${encodeURIComponent(id)}/commit`,
    auth: "token",
    session,
    body: {},
    budget: "credential",
    schema: resultSchema,
  });
}

export async function discardImport(context: AppLoadContext, session: AppSession, cstm: string, id: string): Promise<void> {
  await callUpstream(context, {
    method: "POST",
    path: `${imports(cstm)}/${encodeURIComponent(id)}/discard`,
    auth: "token",
    session,
    body: {},
  });
}
