import type { SubmissionResult } from "@conform-to/react";
import { deferredModule } from "~/components/deferred";
import type { FieldConstraint } from "~/forms/form-state";
import { useTranslation } from "~/i18n/react";
import { ModalLink } from "~/modals/modal-link";
import type { ModalDefinition } from "~/modals/route-modals";

/**
 * The feedback modal (`?modal=feedback`, spec §4, R-SCR-10): a rating from 1 to 5 and an optional
 * comment. A page that hosts it declares `feedback: feedbackModal` in its handle's modals and loads
 * its data with loadFeedbackModal (feedback.server.ts); the form posts to /{cstm}/feedback.
 */
export interface FeedbackModalData {
  /** Where the form posts (the feedback action route). */
  action: string;
  /** The page the modal is open on, without the modal: where the action goes back to. */
  returnTo: string;
  /** The last refused submission: its errors and the entered values. */
  lastResult: SubmissionResult<string[]> | null;
  constraint: Record<string, FieldConstraint>;
}

/** The form itself loads when the modal opens (decision 114). */
const feedbackForm = deferredModule(() => import("./feedback-form"), "feedback form");

export const feedbackModal: ModalDefinition<FeedbackModalData> = {
  width: "narrow",
  Content: feedbackForm.component((module) => module.FeedbackContent),
};

/** Opens the feedback modal on the current page (shown where feedback is requested). */
export function FeedbackLink() {
  const { t } = useTranslation("report");
  return <ModalLink modal="feedback">{t("feedbackLink")}</ModalLink>;
}
