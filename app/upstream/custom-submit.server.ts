import type { AppLoadContext } from "@remix-run/node";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "./client.server";

/** Custom URLs are plain paths below /api: no scheme, host, query, dot segments or encoded slashes. */
const CUSTOM_PATH = /^\/custom(\/[A-Za-z0-9_-]+)+$/;

/**
 * Spec §7: "a generic POST to a custom URL for custom form submits" (docs/api.md, "Generic
 * custom-URL submit"). Posts `body` as JSON to /api{path}; the path must start with /custom/.
 * Without a signed-in session the call carries no token (a public sign-up form); with one, the
 * applicant's token (R-ROLE-03: only the spec's token-free calls go without). Success is any
 * status below 400; a failure throws an UpstreamError with its catalogue code.
 */
export async function customSubmit(
  context: AppLoadContext,
  path: string,
  body: unknown,
  options: { session?: AppSession } = {},
): Promise<unknown> {
  if (!CUSTOM_PATH.test(path)) throw new Error(`custom submit path must be /custom/…: ${path}`);
  const signedIn = Boolean(options.session?.get("applicant")?.token);
  return callUpstream(context, {
    method: "POST",
    path,
    body,
    auth: signedIn ? "token" : "none",
    session: options.session,
  });
}

export interface NewsletterSignUp {
  email: string;
  /** The language the visitor signed up in, for the newsletter's own language. */
  language: string;
}

/** The preview area's newsletter sign-up: POST /api/custom/{cstm}/newsletter. */
export function submitNewsletterSignUp(context: AppLoadContext, cstm: string, signUp: NewsletterSignUp): Promise<unknown> {
  return customSubmit(context, `/custom/${encodeURIComponent(cstm)}/newsletter`, {
    email: signUp.email,
    consent: true,
    language: signUp.language,
  });
}
