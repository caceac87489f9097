/**
 * Feedback on a profile (spec §4 "Feedback modal", docs/api.md postUserFeedback): a rating from 1 to
 * 5 and an optional comment of at most 2000 characters.
 */
export const FEEDBACK_RATINGS = ["1", "2", "3", "4", "5"] as const;
export const FEEDBACK_COMMENT_MAX_LENGTH = 2000;
