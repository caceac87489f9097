import type { AppLoadContext } from "@remix-run/node";
import { memoize } from "~/context";
import { rotateSession, type AppSession } from "./session.server";

/** The session of this request, read once and shared by every loader of the request. */
export function getSession(request: Request, context: AppLoadContext): Promise<AppSession> {
  return memoize(context, "session", () =>
    context.services.sessionStorage.getSession(request.headers.get("Cookie")),
  );
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
