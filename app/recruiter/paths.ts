import { customerPath } from "~/domain/customer-path";

/** The recruiter workspace's paths: /{cstm}/recruiter and everything below it (decision 140). */
export function isRecruiterPath(pathname: string): boolean {
  return /^\/[^/]+\/recruiter(?:\/|$)/.test(pathname);
}

export function recruiterPath(cstm: string, path = ""): string {
  return customerPath(cstm, `/recruiter${path}`);
}
