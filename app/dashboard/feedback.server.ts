import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/node";
import { safeCustomerRedirect, takeResumedValues } from "~/account/session.server";
import type { DataFunctionArgs } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";
import { feedbackSchema } from "~/forms/feedback";
import { isModalOpen } from "~/modals/modals.server";
import { modalStackOf, searchWithModals, stackWithModal } from "~/modals/stack";
import { commitSession } from "~/session/request.server";
import type { AppSession } from "~/session/session.server";
import { endsSession, SilentUpstreamFailure, UpstreamError } from "~/upstream/failures.server";
import { getUserData } from "~/upstream/dashboard.server";
import { markFeedbackModalSeen, postUserFeedback } from "~/upstream/feedback.server";
import { requireActiveProfile, type ActiveProfileContext } from "./active-profile.server";
import type { FeedbackModalData } from "./feedback";
import { readFormData } from "~/forms/form-data.server";
import type { SecondaryCalls } from "~/errors/secondary.server";

/**
 * The feedback modal's server half (spec §4 "Feedback modal", R-SCR-10; docs/decisions/072, 073):
 *
 * - `feedbackState` — whether the upstream asks for feedback on the active profile and whether its
 *   dialog was shown already (GET /userData), for pages that do not have the flags from another call.
 * - `openFeedbackOnRequest` — in the hosting page's loader: requested and not yet seen for this
 *   applicant and profile → the page is redirected to itself with `?modal=feedback`, and the seen
 *   flag is stored upstream (decision 123) and in the session, so it opens once.
 * - `loadFeedbackModal` — the modal's data for `loadOpenModals`.
 * - `feedbackAction` — the action of /{cstm}/feedback, where the modal's form posts from any page.
 */
export const FEEDBACK_MODAL = "feedback";

/** A page of the request's URL with the feedback modal on top of its modal stack. */
function withFeedbackModal(target: string): string {
  const url = new URL(target, "http://localhost");
  return url.pathname + searchWithModals(url.search, stackWithModal(modalStackOf(url.search), FEEDBACK_MODAL));
}

/** A page without the feedback modal (and without anything stacked on it). */
function withoutFeedbackModal(target: string): string {
  const url = new URL(target, "http://localhost");
  const stack = modalStackOf(url.search);
  const index = stack.indexOf(FEEDBACK_MODAL);
  return url.pathname + searchWithModals(url.search, index < 0 ? stack : stack.slice(0, index));
}

/** Whether the upstream asks for feedback on a profile, and whether its dialog was shown already. */
export interface FeedbackState {
  requested: boolean;
  seen: boolean;
}

/**
 * GET /userData for the active profile: its feedbackRequested and feedbackModalSeen flags. They only
 * decide whether a dialog opens by itself; a failure costs the page nothing, so it is logged and read
 * as "not requested".
 */
export async function feedbackState(
  context: AppLoadContext,
  session: AppSession,
  profileId: string,
  secondary: SecondaryCalls,
): Promise<FeedbackState> {
  // Secondary (decision 127): the page shows without it, the failure as a dialog over it.
  const userData = await secondary.run(getUserData(context, session, { profileId }), null);
  return userData ? { requested: userData.feedbackRequested, seen: userData.feedbackModalSeen } : { requested: false, seen: false };
}

/**
 * Opens the modal once per applicant and profile when the upstream requests feedback: throws the
 * redirect to the same page with `?modal=feedback`. Marked seen when it is shown, since closing is a
 * plain link the server never hears of (decision 072): upstream (POST /feedbackModalSeen, so another
 * device or a new sign-in does not ask again, decision 123) and in the session (so a failed mark
 * still opens it only once here).
 */
export async function openFeedbackOnRequest(
  args: Pick<DataFunctionArgs, "request" | "context">,
  active: Pick<ActiveProfileContext, "session" | "profileId">,
  feedback: FeedbackState,
): Promise<void> {
  const { session, profileId } = active;
  const seen = session.get("feedbackSeen") ?? {};
  if (!feedback.requested || feedback.seen || seen[profileId]) return;
  try {
    await markFeedbackModalSeen(args.context, session, profileId);
  } catch (error) {
    if (!(error instanceof UpstreamError || error instanceof SilentUpstreamFailure) || endsSession(error)) throw error;
    args.context.logger.warn({ err: error }, "feedbackModalSeen could not be stored");
  }
  session.set("feedbackSeen", { ...seen, [profileId]: true });
  const cookie = await commitSession(args.context, session);
  if (isModalOpen(args.request, FEEDBACK_MODAL)) return;
  const url = new URL(args.request.url);
  throw redirect(withFeedbackModal(url.pathname + url.search), { headers: { "Set-Cookie": cookie } });
}

/** The modal's data: where it posts, where it returns, and the last refused submission (once). */
export async function loadFeedbackModal(
  args: Pick<DataFunctionArgs, "request" | "context">,
  active: Pick<ActiveProfileContext, "session" | "cstm">,
): Promise<FeedbackModalData> {
  const { session, cstm } = active;
  const lastResult = session.get("feedbackResult");
  if (lastResult !== undefined) await commitSession(args.context, session);
  const url = new URL(args.request.url);
  return {
    action: customerPath(cstm, "/feedback"),
    returnTo: withoutFeedbackModal(url.pathname + url.search),
    lastResult: lastResult ?? null,
    constraint: getZodConstraint(feedbackSchema),
  };
}

/**
 * POST /{cstm}/feedback: a refused submission goes back to the page with the modal open, its
 * errors and the entered comment kept (flashed); a sent one closes it with the thank-you notice.
 */
export async function feedbackAction(args: ActionFunctionArgs): Promise<never> {
  const active = await requireActiveProfile(args);
  const { cstm, session, profileId, context } = { ...active, context: args.context };
  const formData = await readFormData(args.request);
  const returnTo = safeCustomerRedirect(cstm, formData.get("returnTo"), customerPath(cstm, "/home"));
  const submission = parseWithZod(formData, { schema: feedbackSchema });
  if (submission.status !== "success") {
    session.flash("feedbackResult", submission.reply());
    throw redirect(withFeedbackModal(returnTo), { headers: { "Set-Cookie": await commitSession(context, session) } });
  }
  await postUserFeedback(context, session, { profileId, rating: submission.value.rating, comment: submission.value.comment });
  session.set("feedbackSeen", { ...session.get("feedbackSeen"), [profileId]: true });
  session.flash("notice", "report:feedback.thanks");
  throw redirect(withoutFeedbackModal(returnTo), { headers: { "Set-Cookie": await commitSession(context, session) } });
}

/** GET /{cstm}/feedback (a reload or a bookmark of the action's address): the modal where it came from. */
export async function feedbackPageRedirect(args: DataFunctionArgs): Promise<never> {
  const active = await requireActiveProfile(args);
  const { cstm, session } = active;
  // Decision 126: feedback sent into an expired session leads here after signing in
  // again (C02's button names this page): the dialog opens where it was, with the rating and comment.
  const resumed = await takeResumedValues(args.context, active, customerPath(cstm, "/feedback"));
  const asked = new URL(args.request.url).searchParams.get("returnTo") ?? resumed?.returnTo;
  const returnTo = safeCustomerRedirect(cstm, asked, customerPath(cstm, "/home"));
  if (!resumed) throw redirect(withFeedbackModal(returnTo));
  const initialValue = Object.fromEntries(
    ["rating", "comment"].flatMap((name) => (typeof resumed[name] === "string" ? [[name, resumed[name]]] : [])),
  );
  session.flash("feedbackResult", { initialValue });
  session.flash("notice", { key: "common:resumedNotice", kind: "info" });
  throw redirect(withFeedbackModal(returnTo), { headers: { "Set-Cookie": await commitSession(args.context, session) } });
}
