/**
 * The paths of the recruiter's applicant calls (docs/api.md, Recruiter workspace; docs/decisions/141). The
 * customer is the first segment, and the upstream answers 403 for one the recruiter does not serve; the word
 * "recruiter" makes the client send the recruiter token (R-ROLE-01, R-TOK-01).
 */
export const applicantsPath = (cstm: string) => `/${encodeURIComponent(cstm)}/recruiter/applicants`;
export const applicantPath = (cstm: string, userName: string) => `${applicantsPath(cstm)}/${encodeURIComponent(userName)}`;
