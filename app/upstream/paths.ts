/**
 * Spec §1: a customer-specific path segment is inserted as the third segment of some upstream paths
 * ("/api/{cstm}/dataProtStat/…"); without a customer that fails with 'no cstm defined'.
 * Paths here are relative to the /api base, so the customer becomes their first segment.
 */
export function withCustomerSegment(cstm: string | null | undefined, path: string): string {
  if (!cstm) throw new Error("no cstm defined");
  const rest = path.startsWith("/") ? path : `/${path}`;
  return `/${encodeURIComponent(cstm)}${rest}`;
}

export type TokenRole = "applicant" | "recruiter";

/** R-ROLE-01: a request whose path contains "recruiter" uses the recruiter token. */
export function tokenRoleForPath(path: string): TokenRole {
  return path.toLowerCase().includes("recruiter") ? "recruiter" : "applicant";
}
