import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "./client.server";
import { withCustomerSegment } from "./paths";

/** Spec §9: data-protection statement API version 1. */
const STATEMENT_API_VERSION = 1;

const reference = z.union([z.string().min(1), z.number()]);

export type StatementReference = string | number;

/**
 * The statement with the spec's entity names (R-ENT-03). id and revision go back to the upstream
 * with a registration or login (R-ENT-08) exactly as received; acceptance comes from userData.
 */
export interface DataProtectionStatementText {
  /** Plain text; paragraphs are separated by blank lines. */
  texts: string;
  id: StatementReference;
  languageMapId: StatementReference;
  revision: StatementReference;
}

const statementFields = z.object({
  statement: z.string(),
  dpsm_dpsm_id: reference,
  dplm_id: reference,
  revision: reference,
});

// The fields at the top level (spec §7); a `data` envelope is accepted too.
const statementSchema = z.preprocess((body) => {
  if (body && typeof body === "object" && !("statement" in body) && "data" in body) return body.data;
  return body;
}, statementFields);

/**
 * Statements are authored as rich text; the app renders text only (no upstream markup in our
 * documents): line and paragraph ends are kept, tags dropped, the common entities decoded.
 */
export function statementText(raw: string): string {
  if (!/[<&]/.test(raw)) return raw.trim();
  return raw
    .replace(/\r\n?/g, "\n")
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|h[1-6]|li|ul|ol|section)>/gi, "\n\n")
    .replace(/<li[^>]*>/gi, "• ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * GET /{cstm}/dataProtStat/1/{language} (spec §7): the statement in the request's language
 * (R-LANG-01: loaded after the language is decided). Visitors read it before they have a token
 * (login, registration), so the call carries the applicant's token only when there is one
 * (docs/decisions/061). A failure throws an UpstreamError with DP01 (errors/mapping.ts).
 */
export async function getDataProtectionStatement(
  context: AppLoadContext,
  cstm: string,
  language: string,
  session?: AppSession,
): Promise<DataProtectionStatementText> {
  const signedIn = Boolean(session?.get("applicant")?.token);
  const body = await callUpstream(context, {
    path: withCustomerSegment(cstm, `/dataProtStat/${STATEMENT_API_VERSION}/${encodeURIComponent(language)}`),
    auth: signedIn ? "token" : "none",
    session,
    schema: statementSchema,
  });
  return {
    texts: statementText(body.statement),
    id: body.dpsm_dpsm_id,
    languageMapId: body.dplm_id,
    revision: body.revision,
  };
}

const acceptanceSchema = z.object({
  dataProtection: z.object({
    accepted: z.boolean(),
    contactingAccepted: z.boolean(),
  }),
});

export type DataProtectionAcceptance =
  { statement: { id: StatementReference; revision: StatementReference } } | { contactingAccepted: boolean };

/**
 * POST /acceptDataProtection (R-DP-01, docs/api.md): accepts the statement the applicant was shown
 * (its id and revision, R-ENT-08), or gives or withdraws the separate contacting agreement. A 409
 * (`data_protection_outdated`: the statement changed meanwhile) surfaces as an UpstreamError.
 */
export async function acceptDataProtection(
  context: AppLoadContext,
  session: AppSession,
  acceptance: DataProtectionAcceptance,
): Promise<{ accepted: boolean; contactingAccepted: boolean }> {
  const body =
    "statement" in acceptance
      ? { dpsm_dpsm_id: acceptance.statement.id, revision: acceptance.statement.revision }
      : { contactingAccepted: acceptance.contactingAccepted };
  const response = await callUpstream(context, {
    path: "/acceptDataProtection",
    method: "POST",
    body,
    auth: "token",
    session,
    schema: acceptanceSchema,
  });
  return response.dataProtection;
}
