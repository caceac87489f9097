import { redirect, type AppLoadContext } from "@remix-run/node";
import { draftValuesFrom } from "~/assessment/draft-store.server";
import { CatalogueError } from "~/errors/catalogue-error";
import { pageOf } from "~/errors/route-errors.server";
import { readFormData } from "~/forms/form-data.server";
import { HONEYPOT_FIELD_NAMES } from "~/forms/honeypot.server";
import { requireCustomer, type CustomerContext, type DataFunctionArgs } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";
import { isSupportedLanguage } from "~/i18n/languages";
import { languageChosenHere, rememberLanguage } from "~/session/language.server";
import { commitSession, rotateRequestSession } from "~/session/request.server";
import { userHash, type ApplicantAuth, type AppSession, type ExpiredSignIn } from "~/session/session.server";
import { logout, type LoginGrant } from "~/upstream/auth.server";
import { recruiterLogout } from "~/upstream/recruiter/session.server";

/**
 * Who is signed in, and the transitions in and out (R-AUTH-01/04, R-ENT-01). Tokens live only in
 * the server-side session record; the browser keeps nothing but the session id.
 */
export interface ApplicantContext extends CustomerContext {
  applicant: ApplicantAuth;
}

/** The signed-in applicant of this customer, or null. Tokens never cross customers. */
export function currentApplicant(session: AppSession, cstm: string): ApplicantAuth | null {
  const applicant = session.get("applicant");
  return applicant && session.get("cstm") === cstm ? applicant : null;
}

/**
 * Pages for signed-in applicants: without a session for this customer, the login page (which
 * brings the visitor back afterwards, same customer only).
 */
export async function requireApplicant(args: DataFunctionArgs): Promise<ApplicantContext> {
  const customer = await requireCustomer(args);
  const applicant = currentApplicant(customer.session, customer.cstm);
  if (!applicant) {
    const expired = customer.session.get("expiredSignIn");
    if (expired && expired.cstm === customer.cstm) throw await sessionExpired(args, customer, expired);
    const url = new URL(args.request.url);
    const back = args.request.method === "GET" ? `?redirectTo=${encodeURIComponent(url.pathname + url.search)}` : "";
    throw redirect(customerPath(customer.cstm, `/login${back}`));
  }
  return { ...customer, applicant };
}

/** Fields that are never kept from a post into an expired session: passwords, and the form's machinery. */
const NOT_KEPT = /passw|^(intent|redirectTo|csrf)$/i;

/**
 * The page a request is about: the page itself, or for the form module's draft resource route (its
 * script posts there when a field is left) the module's page.
 */
function pageOfRequest(request: Request): string {
  return pageOf(new URL(request.url)).replace(/^(\/[^/?]+\/assessment\/[^/?]+)\/draft(?=\?|$)/, "$1");
}

/**
 * R-CAT-02, R-CON-04 (decision 126): the applicant's session timed out. Not a bare
 * redirect to a login form (an anonymous applicant has no credentials for it): C02, or C22 with the
 * button to their registration, in the language the page has. A form posted into the expired session
 * keeps its values in the (new) session for the same applicant, and C02's button names the page, so
 * signing in again leads back to it with what was typed.
 */
async function sessionExpired(args: DataFunctionArgs, customer: CustomerContext, expired: ExpiredSignIn): Promise<CatalogueError> {
  const { request, context } = args;
  const page = pageOfRequest(request);
  const headers = new Headers();
  if (request.method === "POST") {
    const formData = await readFormData(request).catch(() => null);
    const entries = formData ? [...formData.entries()].filter(([name]) => !NOT_KEPT.test(name) && !HONEYPOT_FIELD_NAMES.has(name)) : [];
    const values = draftValuesFrom(entries);
    if (Object.keys(values).length > 0) {
      customer.session.set("resume", { page, values, user: expired.user });
      headers.append("Set-Cookie", await commitSession(context, customer.session));
    }
  }
  if (expired.anonymous) {
    const profileId = expired.registrationProfileId;
    return new CatalogueError("C22", { params: profileId ? { profileId } : undefined, headers });
  }
  return new CatalogueError("C02", { params: { redirectTo: page }, headers });
}

/**
 * The values a form posted into an expired session (decision 126), when this is the page it was on
 * and the signed-in applicant the one who typed them; taken once (the session forgets them).
 */
export async function takeResumedValues(
  context: AppLoadContext,
  applicant: ApplicantContext,
  page: string,
): Promise<Record<string, string> | null> {
  const resume = applicant.session.get("resume");
  if (!resume) return null;
  const samePage = resume.page.split("?")[0] === page.split("?")[0];
  if (!samePage) return null;
  applicant.session.unset("resume");
  await commitSession(context, applicant.session);
  return resume.user === userHash(applicant.cstm, applicant.applicant.userName) ? resume.values : null;
}

/**
 * A redirect target taken from input is honoured only when it is a path of the same customer
 * (DESIGN §8 safeRedirect): never another host, another customer, or a protocol-relative URL.
 */
export function safeCustomerRedirect(cstm: string, target: unknown, fallback: string): string {
  if (typeof target !== "string" || target.length > 500) return fallback;
  if (!target.startsWith(`/${cstm}/`) || target.startsWith("//") || target.includes("\\")) return fallback;
  try {
    const url = new URL(target, "http://localhost");
    if (url.host !== "localhost" || url.pathname.split("/")[1] !== cstm) return fallback;
    return url.pathname + url.search;
  } catch {
    return fallback;
  }
}

/**
 * The recruiter signed in in this browser, whom an applicant's sign-in here would sign out: the
 * login and continue pages say so first (decision 140, amended).
 */
export function signedInRecruiterName(session: AppSession): string | null {
  const recruiter = session.get("recruiter");
  return recruiter?.token ? recruiter.displayName || recruiter.userName : null;
}

/**
 * One browser, one role (decision 140, amended): an applicant's sign-in of any kind ends a
 * recruiter's sign-in in the same browser, so that a recruiter who issued a continue code at a
 * station, or signed in there earlier, never leaves the workspace to the next applicant. The token
 * is given back upstream when it can be; a failure there must not keep the recruiter signed in.
 */
async function endRecruiterSignIn(context: AppLoadContext, session: AppSession): Promise<void> {
  const recruiter = session.get("recruiter");
  if (!recruiter) return;
  await recruiterLogout(context, session).catch((error) => context.logger.warn({ err: error }, "upstream recruiter logout failed"));
  context.logger.info({ recruiterLogout: { cstm: recruiter.cstm, reason: "applicant-sign-in" } }, "recruiter signed out");
  session.unset("recruiter");
  session.unset("recruiterImport");
}

export interface SignInOptions {
  /** On-site station mode: the station's profile (spec §4). */
  onSiteProfileId?: string;
  /** Anonymous registration: the profile registered for (C22/C23 button, logout destination). */
  registrationProfileId?: string;
}

/**
 * Starts the applicant's session: a new session id (the old record is deleted: no session
 * fixation), the token and its expiry, the customer, the mode flags. Returns the Set-Cookie headers
 * (the session's, and the language cookie's when the sign-in was made in another language).
 */
export async function signInApplicant(
  request: Request,
  context: AppLoadContext,
  customer: CustomerContext,
  grant: LoginGrant,
  options: SignInOptions = {},
): Promise<{ session: AppSession; headers: Headers }> {
  await endRecruiterSignIn(context, customer.session);
  const session = await rotateRequestSession(context, customer.session);
  session.set("cstm", customer.cstm);
  session.set("applicant", {
    token: grant.token,
    expiresAt: grant.expiresAt,
    userName: grant.userName,
    displayName: grant.anonymous ? undefined : grant.displayName,
    anonymous: grant.anonymous,
    registrationProfileId: options.registrationProfileId,
  });
  session.unset("activeProfileId");
  session.unset("formDrafts");
  session.unset("expiredSignIn");
  if (options.onSiteProfileId) session.set("onSite", { profileId: options.onSiteProfileId });
  else session.unset("onSite");
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(context, session));
  const language = await languageAfterSignIn(request, context, customer, grant);
  const languageCookie = await rememberLanguage(request, context, customer.cstm, language);
  if (languageCookie) headers.append("Set-Cookie", languageCookie);
  return { session, headers };
}

/**
 * Decision 124 (spec §3: the login response carries the user's `language`): after sign-in a
 * returning applicant sees their own stored language, unless they chose one on this device (the
 * URL's `langId` or the language cookie, R-LANG-01), or the stored one is not among the customer's
 * languages.
 */
async function languageAfterSignIn(
  request: Request,
  context: AppLoadContext,
  customer: CustomerContext,
  grant: LoginGrant,
): Promise<string> {
  if (await languageChosenHere(request, context, customer.cstm)) return customer.language;
  const stored = grant.language;
  return stored && isSupportedLanguage(stored) && customer.config.languages.includes(stored) ? stored : customer.language;
}

/**
 * R-AUTH-02: a sign-in (login or registration) whose response says the account has expired goes to
 * page-not-found; the token it brought is given back at once and the session ends.
 */
export async function leaveIfExpired(context: AppLoadContext, cstm: string, grant: LoginGrant, session: AppSession): Promise<void> {
  if (!grant.expired) return;
  await logout(context, session).catch(() => undefined);
  const cleared = await context.services.sessionStorage.destroySession(session);
  throw redirect(customerPath(cstm, "/page-not-found"), { headers: { "Set-Cookie": cleared } });
}

/**
 * R-AUTH-04: on-site → login with the on-site flag and profileId; else, with anonymous registration
 * enabled, registration with the profileId the applicant registered for; else login. A regular
 * applicant has no registration profile, so they go to login (docs/decisions/050).
 */
export function logoutDestination(customer: CustomerContext): string {
  const { cstm, config, session } = customer;
  const onSite = session.get("onSite");
  if (onSite) return customerPath(cstm, `/login?onSite=1&profileId=${encodeURIComponent(onSite.profileId)}`);
  const registrationProfileId = session.get("applicant")?.registrationProfileId;
  if (config.enableAnonRegistration && registrationProfileId) {
    return customerPath(cstm, `/registration?profileId=${encodeURIComponent(registrationProfileId)}`);
  }
  return customerPath(cstm, "/login");
}
