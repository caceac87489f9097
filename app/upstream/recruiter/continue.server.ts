import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { toGrant, loginResponseSchema, type LoginGrant } from "~/upstream/auth.server";
import { callUpstream } from "~/upstream/client.server";

/**
 * Test continue (docs/api.md, Test continue; docs/decisions/156): the recruiter's one-time
 * code for an applicant and profile, and the station's call that redeems it (no token).
 */
const codeSchema = z.object({
  code: z.string(),
  profileId: z.string(),
  expiresAt: z.string(),
  validSeconds: z.number().int().positive(),
  linkPath: z.string(),
});

export type ContinueCode = z.infer<typeof codeSchema>;

export function issueContinueCode(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
  profileId: string,
): Promise<ContinueCode> {
  return callUpstream(context, {
    method: "POST",
    path: `/${encodeURIComponent(cstm)}/recruiter/applicants/${encodeURIComponent(userName)}/continue-code`,
    auth: "token",
    session,
    body: { profileId },
    schema: codeSchema,
  });
}

export async function redeemContinueCode(
  context: AppLoadContext,
  body: { cstm: string; code: string; language?: string },
): Promise<LoginGrant & { profileId: string }> {
  const grant = toGrant(
    await callUpstream(context, { method: "POST", path: "/onSiteContinue", auth: "none", body, schema: loginResponseSchema }),
  );
  if (!grant.profileId) throw new Error("onSiteContinue answered without a profile");
  return { ...grant, profileId: grant.profileId };
}
