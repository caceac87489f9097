import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "~/upstream/client.server";

/**
 * The recruiter's sign-in and logout (docs/api.md, Recruiter calls): recruiter tokens only (R-ROLE-01,
 * R-TOK-01). Payload names stop here: the app gets a readable grant.
 */

const loginSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().nonnegative().nullish(),
  userName: z.string().default(""),
  displayName: z.string().nullish(),
});

export interface RecruiterGrant {
  token: string;
  expiresAt: number | null;
  userName: string;
  displayName?: string;
}

export async function recruiterLogin(
  context: AppLoadContext,
  body: { cstm: string; userName: string; password: string },
): Promise<RecruiterGrant> {
  const response = await callUpstream(context, {
    method: "POST",
    path: "/recruiter/login",
    budget: "credential",
    auth: "none",
    body,
    schema: loginSchema,
  });
  const expiresIn = response.expires_in;
  return {
    token: response.access_token,
    expiresAt: expiresIn && expiresIn > 0 ? Math.floor(Date.now() / 1000) + Math.floor(expiresIn) : null,
    userName: response.userName || body.userName,
    displayName: response.displayName ?? undefined,
  };
}

/** GET /recruiter/logout with the recruiter token. */
export async function recruiterLogout(context: AppLoadContext, session: AppSession): Promise<void> {
  await callUpstream(context, { method: "GET", path: "/recruiter/logout", auth: "token", session });
}
