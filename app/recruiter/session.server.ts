import { redirect, type AppLoadContext } from "@remix-run/node";
import { safeCustomerRedirect } from "~/account/session.server";
import { requireCustomer, type CustomerContext, type DataFunctionArgs } from "~/customer/customer.server";
import { CatalogueError } from "~/errors/catalogue-error";
import { rememberLanguage } from "~/session/language.server";
import { commitSession, rotateRequestSession } from "~/session/request.server";
import type { AppSession, RecruiterAuth } from "~/session/session.server";
import { endsSession, UpstreamError } from "~/upstream/client.server";
import type { RecruiterGrant } from "~/upstream/recruiter.server";
import { recruiterPath } from "./paths";

export { recruiterPath };

/**
 * The recruiter's part of the server session (issue 11, R-ROLE-01, R-TOK-01; docs/decisions/140).
 * It lives next to the applicant's, never instead of it: signing in or out as one role leaves the
 * other alone. Every recruiter loader and action calls requireRecruiter first (STYLE: guards sit in
 * every loader and action); an applicant session never suffices.
 */
export interface RecruiterContext extends CustomerContext {
  recruiter: RecruiterAuth;
}

/** The recruiter login with a way back to this page (GET requests only: a POST cannot be replayed). */
export function recruiterLoginRedirect(request: Request, cstm: string, extra: Record<string, string> = {}): Response {
  const url = new URL(request.url);
  const query = new URLSearchParams(extra);
  const back = request.method === "GET" ? url.pathname + url.search : url.pathname;
  const target = safeCustomerRedirect(cstm, back, "");
  if (target && !target.startsWith(recruiterPath(cstm, "/login"))) query.set("redirectTo", target);
  const search = query.toString();
  return redirect(recruiterPath(cstm, `/login${search ? `?${search}` : ""}`));
}

/**
 * The signed-in recruiter, or a redirect to the recruiter login. Which customers the recruiter may
 * see is the upstream's to decide (403 for a customer they do not serve), so the session does not
 * tie the recruiter to the customer they signed in at.
 */
export async function requireRecruiter(args: DataFunctionArgs): Promise<RecruiterContext> {
  const customer = await requireCustomer(args);
  const recruiter = customer.session.get("recruiter");
  if (!recruiter?.token) throw recruiterLoginRedirect(args.request, customer.cstm);
  return { ...customer, recruiter };
}

/**
 * Runs upstream calls of a recruiter page. When the upstream says the recruiter's session is over
 * (C02/C03: the token expired for good or was revoked), only the recruiter part of the session goes
 * and the recruiter login explains it; an unknown applicant is an invalid link (E02, 404).
 */
export async function withRecruiterUpstream<T>(args: DataFunctionArgs, recruiter: RecruiterContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (endsSession(error)) {
      recruiter.session.unset("recruiter");
      const cookie = await commitSession(args.context, recruiter.session);
      const response = recruiterLoginRedirect(args.request, recruiter.cstm, { notice: "session-ended" });
      response.headers.append("Set-Cookie", cookie);
      throw response;
    }
    if (error instanceof UpstreamError && error.status === 404) {
      throw new CatalogueError("E02", { status: 404, requestId: args.context.requestId, cause: error });
    }
    throw error;
  }
}

/**
 * Starts the recruiter part: a new session id (no fixation), the token; the applicant part stays.
 * Returns the Set-Cookie headers (the session's, and the language cookie's when the sign-in was
 * made in another language).
 */
export async function signInRecruiter(
  request: Request,
  context: AppLoadContext,
  customer: CustomerContext,
  grant: RecruiterGrant,
): Promise<{ session: AppSession; headers: Headers }> {
  const session = await rotateRequestSession(context, customer.session);
  session.set("recruiter", {
    token: grant.token,
    expiresAt: grant.expiresAt,
    userName: grant.userName,
    displayName: grant.displayName,
    cstm: customer.cstm,
  });
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(context, session));
  const languageCookie = await rememberLanguage(request, context, customer.cstm, customer.language);
  if (languageCookie) headers.append("Set-Cookie", languageCookie);
  return { session, headers };
}
