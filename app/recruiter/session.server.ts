import { redirect, type AppLoadContext } from "@remix-run/node";
import { safeCustomerRedirect } from "~/account/session.server";
import { requireCustomer, type CustomerContext, type DataFunctionArgs } from "~/customer/customer.server";
import { CatalogueError } from "~/errors/catalogue-error";
import { rememberLanguage } from "~/session/language.server";
import { commitSession, rotateRequestSession } from "~/session/request.server";
import type { AppSession, RecruiterAuth } from "~/session/session.server";
import { logout } from "~/upstream/auth.server";
import { endsSession, UpstreamError } from "~/upstream/failures.server";
import type { RecruiterGrant } from "~/upstream/recruiter/session.server";
import { recruiterPath } from "./paths";

export { recruiterPath };

/**
 * The recruiter's part of the server session (R-ROLE-01, R-TOK-01; docs/decisions/140). One browser
 * holds one role at a time: a recruiter's sign-in ends an applicant's in that browser and an
 * applicant's sign-in ends the recruiter's (decision 140, amended: a station's browser must never
 * keep a recruiter's rights). Every recruiter loader and action calls requireRecruiter first (STYLE:
 * guards sit in every loader and action); an applicant session never suffices.
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
  // A session in on-site mode is a station's (spec §4): never a recruiter's, whatever else it holds.
  if (!recruiter?.token || customer.session.get("onSite")) throw recruiterLoginRedirect(args.request, customer.cstm);
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
 * The applicant signed in in this browser, whom a recruiter's sign-in here would sign out: the
 * recruiter login says so first (decision 140, amended). An anonymous applicant has no name to show.
 */
export function signedInApplicant(session: AppSession): { name: string | null } | null {
  const applicant = session.get("applicant");
  if (!applicant?.token) return null;
  return { name: applicant.anonymous ? null : applicant.displayName || applicant.userName };
}

/** Everything of an applicant's sign-in that a session can hold (SessionData). */
const APPLICANT_KEYS = ["applicant", "cstm", "onSite", "activeProfileId", "feedbackSeen", "formDrafts", "expiredSignIn", "resume"] as const;

/**
 * A recruiter's sign-in ends an applicant's in the same browser (decision 140, amended): the token
 * is given back upstream when it can be, and nothing of the applicant's stays in the session (their
 * drafts and kept values are theirs, not the recruiter's).
 */
async function endApplicantSignIn(context: AppLoadContext, session: AppSession): Promise<void> {
  if (session.get("applicant")) {
    await logout(context, session).catch((error) => context.logger.warn({ err: error }, "upstream logout failed"));
    context.logger.info({ applicantLogout: { cstm: session.get("cstm"), reason: "recruiter-sign-in" } }, "applicant signed out");
  }
  for (const key of APPLICANT_KEYS) session.unset(key);
}

/**
 * Starts the recruiter part: a new session id (no fixation), the token; an applicant's sign-in ends.
 * Returns the Set-Cookie headers (the session's, and the language cookie's when the sign-in was
 * made in another language).
 */
export async function signInRecruiter(
  request: Request,
  context: AppLoadContext,
  customer: CustomerContext,
  grant: RecruiterGrant,
): Promise<{ session: AppSession; headers: Headers }> {
  await endApplicantSignIn(context, customer.session);
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
