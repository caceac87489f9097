import { z } from "zod";

/** The feedback modal's form (spec §4 "Feedback modal", docs/api.md postUserFeedback); messages are i18n keys. */
export const FEEDBACK_RATINGS = ["1", "2", "3", "4", "5"] as const;
export const FEEDBACK_COMMENT_MAX_LENGTH = 2000;

export const feedbackSchema = z.object({
  rating: z.enum(FEEDBACK_RATINGS, { errorMap: () => ({ message: "report:feedback.errors.rating" }) }).transform(Number),
  // Browsers send a text area's line breaks as CR LF but count them as one character (maxlength).
  comment: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value),
    z.string().trim().max(FEEDBACK_COMMENT_MAX_LENGTH, "report:feedback.errors.commentTooLong").optional(),
  ),
  /** Where the modal was opened, to go back to (checked with safeCustomerRedirect). */
  returnTo: z.string().max(500).optional(),
});
