import type { AppLoadContext } from "@remix-run/node";
import { memoize } from "~/context";
import type { AppSession, TokenGrant } from "~/session/session.server";
import { failureError } from "./failures.server";
import { tokenRoleForPath, type TokenRole } from "./paths";
import { isFailure, send } from "./send.server";

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * R-TOK-01, exactly: no token → false; no expiry or expired (seconds) → POST /refreshToken, a new
 * access_token replaces the token → true, a failure → false (silently); still valid → true.
 * The refreshed token is written to the server-side session record at once.
 */
export function ensureFreshToken(context: AppLoadContext, session: AppSession, role: TokenRole): Promise<boolean> {
  return memoize(context, `token-check:${role}`, async () => {
    const grant = session.get<TokenRole>(role);
    if (!grant?.token) return false;
    if (grant.expiresAt !== null && grant.expiresAt > nowSeconds()) return true;
    const result = await send(context, "POST", "/refreshToken", undefined, undefined, grant.token, "page");
    if (isFailure(result) || result.status >= 400) return false;
    const body = result.body as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (typeof body?.access_token !== "string" || body.access_token === "") return false;
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : Number(body.expires_in);
    const refreshed = {
      ...grant,
      token: body.access_token,
      expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? nowSeconds() + Math.floor(expiresIn) : null,
    };
    session.set(role, refreshed);
    await context.services.sessionStorage.commitSession(session);
    return true;
  });
}

/** The fresh token of the role a token call's path needs (R-ROLE-01, R-TOK-01), or the refresh-failed error. */
export async function tokenForCall(context: AppLoadContext, session: AppSession | undefined, path: string): Promise<string> {
  const role = tokenRoleForPath(path);
  if (!session || !(await ensureFreshToken(context, session, role))) {
    throw failureError(context, session, { kind: "refresh-failed", path });
  }
  return (session.get(role) as TokenGrant).token;
}
