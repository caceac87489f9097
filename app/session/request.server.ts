import type { AppLoadContext } from "@remix-run/node";
import { memoize } from "~/context";
import { rotateSession, type AppSession } from "./session.server";

/** The session of this request, read once and shared by every loader of the request. */
export function getSession(request: Request, context: AppLoadContext): Promise<AppSession> {
  return memoize(context, "session", () => context.services.sessionStorage.getSession(request.headers.get("Cookie")));
}

export function commitSession(context: AppLoadContext, session: AppSession): Promise<string> {
  return context.services.sessionStorage.commitSession(session);
}

export function destroySession(context: AppLoadContext, session: AppSession): Promise<string> {
  return context.services.sessionStorage.destroySession(session);
}

/** New id at login and registration (session fixation defence); the request memo follows. */
export async function rotateRequestSession(context: AppLoadContext, session: AppSession): Promise<AppSession> {
  const fresh = await rotateSession(context.services.sessionStorage, session);
  context.memo.set("session", Promise.resolve(fresh));
  return fresh;
}

/**
 * After a password change or reset (docs/decisions/095): a stored session gets a new id,
 * so a copy of the old cookie no longer works; `signOut` drops the applicant's sign-in as well (a
 * reset revokes every token of the user upstream). Returns the Set-Cookie value, or null when the
 * browser has no stored session (nothing to rotate, and no record is created for it).
 */
export async function rotateAfterPasswordChange(
  context: AppLoadContext,
  session: AppSession,
  options: { signOut?: boolean } = {},
): Promise<string | null> {
  if (!session.id) return null;
  const fresh = await rotateRequestSession(context, session);
  if (options.signOut) {
    fresh.unset("applicant");
    fresh.unset("activeProfileId");
  }
  return commitSession(context, fresh);
}
