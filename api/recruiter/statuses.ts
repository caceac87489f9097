/**
 * The recruiter's status of an applicant (docs/decisions/142): where the application
 * stands, set by recruiters only. The assessment progress is separate (finished modules).
 */
export const APPLICANT_STATUSES = ["new", "screening", "interview", "offer", "hired", "rejected"] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];
