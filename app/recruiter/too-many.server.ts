import { data, redirect } from "@remix-run/node";
import type { DataFunctionArgs } from "~/customer/customer.server";
import { isRateLimited } from "~/forms/upstream-errors.server";
import { commitSession } from "~/session/request.server";
import type { RecruiterContext } from "./session.server";

/**
 * The upstream's "one too many" for a recruiter call (429, its limits per recruiter and customer,
 * docs/decisions/171), shown like the app's own limit of the recruiter's forms: the translated
 * "too many attempts" and a "recruiter action refused" log line.
 */
export const TOO_MANY = "recruiter:tooManyAttempts";

export { isRateLimited };

/** `fields`: what else names the action in the log line (a test's profileId); never the values sent (decision 168). */
export function logRefusal(args: DataFunctionArgs, recruiter: RecruiterContext, intent: string, fields: Record<string, string> = {}): void {
  args.context.logger.warn(
    { recruiterAction: { cstm: recruiter.cstm, recruiter: recruiter.recruiter.userName, ...fields, intent, outcome: "rate-limited" } },
    "recruiter action refused",
  );
}

/** The app's own limit of a recruiter's actions: RATE_LIMIT_MAX (sign-in attempts) times this per window. */
const ACTIONS_PER_ATTEMPT = 20;

/**
 * Counts one action of the recruiter against the app's own limit (DESIGN §8: generous for a working
 * day, a wall for a script); true, with the refusal logged, when this one is over it.
 */
export async function actionLimitReached(
  args: DataFunctionArgs,
  recruiter: RecruiterContext,
  intent: string,
  fields: Record<string, string> = {},
): Promise<boolean> {
  const limiter = args.context.services.rateLimiter;
  const key = `recruiter-action:${recruiter.recruiter.userName.toLowerCase()}`;
  const reached = await limiter.hit([{ key, limit: limiter.maxAttempts * ACTIONS_PER_ATTEMPT }]);
  if (reached) logRefusal(args, recruiter, intent, fields);
  return reached;
}

/**
 * An action's answer to the upstream's "one too many" (decision 171): the refusal logged, and `body` (the page's
 * own way to show TOO_MANY on its form) with status 429, so no page logs one without the other.
 */
export function tooManyReply<T>(args: DataFunctionArgs, recruiter: RecruiterContext, intent: string, body: T) {
  logRefusal(args, recruiter, intent);
  return data(body, { status: 429 });
}

/**
 * A refused download (a link, so a GET): back to the page the link is on, where the message shows
 * once (the shared notice). The links carry no `download` attribute, so the browser follows this
 * redirect instead of saving the page as the file.
 */
export async function refusedDownload(
  args: DataFunctionArgs,
  recruiter: RecruiterContext,
  intent: string,
  backTo: string,
  /** Another refusal's message (a bulk export's, docs/decisions/183); logged as rate-limited only when it is that. */
  message = TOO_MANY,
): Promise<Response> {
  if (message === TOO_MANY) logRefusal(args, recruiter, intent);
  recruiter.session.flash("notice", { key: message, kind: "error" });
  return redirect(backTo, { headers: { "Set-Cookie": await commitSession(args.context, recruiter.session) } });
}
