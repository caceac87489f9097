import { z } from "zod";
import { FEEDBACK_COMMENT_MAX_LENGTH, FEEDBACK_RATINGS } from "~/domain/feedback";

/** The feedback modal's form; messages are i18n keys. Server only: zod stays out of the client bundle. */

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
