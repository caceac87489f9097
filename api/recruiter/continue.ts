import { randomInt } from "node:crypto";
import type { Router } from "express";
import { z } from "zod";
import { requireToken } from "../auth/require-token";
import { sha256 } from "../auth/secrets";
import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import { ApiError, conflict, unauthorized } from "../http/errors";
import { route, success } from "../http/handlers";
import { cstmSchema, parseBody, profileIdSchema } from "../http/validation";
import { customerLanguage, languageSchema } from "../languages";
import { loginResponse } from "../routes/session";
import { requireCustomer } from "../store/catalogue";
import { requireAssignment } from "../store/progress";
import { findUserById, type User } from "../store/users";
import { recruiterScope, requirePathApplicant, type RecruiterScope } from "./access";
import { enforceRecruiterLimit } from "./limits";
import { writeAudit } from "./audit";

/**
 * Test continue (docs/decisions/156): an on-site recruiter lets a station resume an
 * applicant's interrupted test. The recruiter asks for a one-time code for the applicant and
 * profile; the station's operator types it (or opens its link) and the station is signed in as the
 * applicant in on-site mode with that profile, where they stopped.
 *
 * The code: 8 characters of a 32-letter alphabet without 0/O and 1/I (40 bits), shown as ABCD-EFGH;
 * stored only as its SHA-256; valid CONTINUE_CODE_TTL_S; single use; redeemed only at the customer
 * it was issued at (docs/decisions/170); a new code for the same applicant and profile ends the older
 * ones. Redeeming is limited per client address (the request limits of decision 103, and at most 10
 * wrong codes in 5 minutes) and per customer from all addresses together (100 wrong codes in a sliding
 * 15 minutes, api/recruiter/continue-ceiling.ts, docs/decisions/170), so 40 bits cannot be guessed in
 * 15 minutes, from one address or from many. Issuing and using are in the audit log (never the code).
 */
export const CONTINUE_CODE_TTL_S = 15 * 60;
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const CODE_LENGTH = 8;

function newCode(): string {
  let code = "";
  for (let index = 0; index < CODE_LENGTH; index++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** What the operator typed, as stored: upper case, without spaces and dashes. */
export function normalizeCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

const formatCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

interface CodeRow {
  code_sha256: string;
  user_id: number;
  profile_id: string;
  cstm: string;
  recruiter_id: number | null;
  recruiter_user_name: string;
  expires_at: number;
  used_at: string | null;
}

const issueSchema = z.object({ profileId: profileIdSchema }).strict();
const redeemSchema = z
  .object({
    cstm: cstmSchema,
    code: z.string().max(40),
    language: languageSchema.optional(),
  })
  .strict();

export function continueRoutes(router: Router, ctx: ApiContext): void {
  const nowS = () => Math.floor(ctx.now().getTime() / 1000);

  router.post(
    "/:cstm/recruiter/applicants/:userName/continue-code",
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      enforceRecruiterLimit(ctx, scope, "continue-code");
      const user = requirePathApplicant(ctx, req, scope);
      const { profileId } = parseBody(req, issueSchema);
      const assignment = requireAssignment(ctx, user.id, profileId);
      if (user.login_disabled === 1) throw conflict("access_disabled");
      if (user.activated !== 1) throw conflict("account_not_activated");
      if (!assignment.isOpen) throw conflict("profile_closed");
      const progress = statement(
        ctx.db,
        "SELECT finished_modules, total_modules FROM user_profiles WHERE user_id = ? AND profile_id = ?",
      ).get(user.id, profileId) as { finished_modules: number; total_modules: number };
      if (progress.total_modules > 0 && progress.finished_modules >= progress.total_modules) throw conflict("profile_completed");

      const code = newCode();
      const now = nowS();
      const expiresAt = now + CONTINUE_CODE_TTL_S;
      ctx.db.transaction(() => {
        // Older codes of this applicant and profile end; long-expired ones go.
        statement(
          ctx.db,
          "UPDATE continue_codes SET expires_at = ? WHERE user_id = ? AND profile_id = ? AND used_at IS NULL AND expires_at > ?",
        ).run(now, user.id, profileId, now);
        statement(ctx.db, "DELETE FROM continue_codes WHERE expires_at < ?").run(now - 24 * 60 * 60);
        statement(
          ctx.db,
          `INSERT INTO continue_codes (code_sha256, user_id, profile_id, cstm, recruiter_id, recruiter_user_name, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          sha256(code),
          user.id,
          profileId,
          scope.customer.cstm,
          scope.recruiter.id,
          scope.recruiter.user_name,
          ctx.now().toISOString(),
          expiresAt,
        );
        writeAudit(ctx, scope, user, "continue_code_issued", { profileId, expiresAt: new Date(expiresAt * 1000).toISOString() });
      })();
      success(
        res,
        {
          code: formatCode(code),
          profileId,
          expiresAt: new Date(expiresAt * 1000).toISOString(),
          validSeconds: CONTINUE_CODE_TTL_S,
          linkPath: `/${encodeURIComponent(scope.customer.cstm)}/continue?code=${formatCode(code)}`,
        },
        201,
      );
    }),
  );

  router.post(
    "/onSiteContinue",
    route((req, res) => {
      const body = parseBody(req, redeemSchema);
      const customer = requireCustomer(ctx.catalogue, body.cstm);
      const client = ctx.clientAddress(req);
      ctx.requestLimits.enforce("continue-code", client);
      const throttleKey = `continue-code\u0000${client}`;
      if (ctx.loginThrottle.blocked(throttleKey)) throw new ApiError(429, "too_many_attempts");
      // Then all addresses together at this customer (docs/decisions/170): the same answer, so a station
      // cannot tell which limit it met.
      if (ctx.continueCodeCeiling.reached(customer.cstm)) throw new ApiError(429, "too_many_attempts");
      const code = normalizeCode(body.code);
      const row =
        code.length === CODE_LENGTH
          ? (statement(ctx.db, "SELECT * FROM continue_codes WHERE code_sha256 = ?").get(sha256(code)) as CodeRow | undefined)
          : undefined;
      const user = row ? findUserById(ctx.db, row.user_id) : undefined;
      // Unknown, used, expired or another customer's (docs/decisions/170: a code is bound to the customer it
      // was issued at, even one of the same user base): one answer, counted as a wrong code, so the call tells
      // nothing.
      if (!row || !user || row.used_at !== null || row.expires_at <= nowS() || row.cstm !== customer.cstm || user.cstm !== customer.cstm) {
        ctx.loginThrottle.failed(throttleKey);
        ctx.continueCodeCeiling.failed(customer.cstm, client);
        throw unauthorized("invalid_code");
      }
      if (user.login_disabled === 1) throw new ApiError(403, "access_disabled");
      if (user.activated !== 1) throw new ApiError(402, "account_not_activated");
      if (!requireAssignment(ctx, user.id, row.profile_id).isOpen) throw new ApiError(403, "profile_closed");

      const language = body.language ? customerLanguage(customer.languages, body.language) : user.language;
      const grant = ctx.db.transaction(() => {
        const used = statement(ctx.db, "UPDATE continue_codes SET used_at = ? WHERE code_sha256 = ? AND used_at IS NULL").run(
          ctx.now().toISOString(),
          row.code_sha256,
        ).changes;
        if (used !== 1) throw unauthorized("invalid_code");
        statement(ctx.db, "UPDATE users SET language = ? WHERE id = ?").run(language, user.id);
        // The recruiter who issued the code is the one who let the station in.
        const issuer: RecruiterScope = {
          recruiter: { id: row.recruiter_id, user_name: row.recruiter_user_name } as unknown as User,
          customer,
        };
        writeAudit(ctx, issuer, user, "continue_code_used", { profileId: row.profile_id, cstm: customer.cstm });
        return ctx.tokens.issue(user.id, "applicant", customer.cstm);
      })();
      ctx.loginThrottle.succeeded(throttleKey);
      success(res, { ...loginResponse({ ...user, language }, grant), profileId: row.profile_id });
    }),
  );
}
