import type { AppLoadContext } from "@remix-run/node";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "./client.server";

export interface UserFeedback {
  profileId: string;
  /** 1–5. */
  rating: number;
  /** Optional, at most 2000 characters. */
  comment?: string;
}

/** POST /postUserFeedback (spec §7, body by docs/api.md): the applicant's feedback on one profile. */
export async function postUserFeedback(context: AppLoadContext, session: AppSession, feedback: UserFeedback): Promise<void> {
  await callUpstream(context, {
    method: "POST",
    path: "/postUserFeedback",
    body: { profileId: feedback.profileId, rating: feedback.rating, ...(feedback.comment ? { comment: feedback.comment } : {}) },
    auth: "token",
    session,
  });
}

/** POST /feedbackModalSeen (decision 123): the feedback dialog was shown for this profile; idempotent. */
export async function markFeedbackModalSeen(context: AppLoadContext, session: AppSession, profileId: string): Promise<void> {
  await callUpstream(context, { method: "POST", path: "/feedbackModalSeen", body: { profileId }, auth: "token", session });
}
