import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { recruiterPath, requireRecruiter } from "~/recruiter/session.server";

/** /{cstm}/recruiter leads to the applicant list (decision 148); without a recruiter session, to the recruiter login. */
export async function loader(args: LoaderFunctionArgs) {
  const { cstm } = await requireRecruiter(args);
  throw redirect(recruiterPath(cstm, "/applicants"));
}

export default function RecruiterIndex() {
  return null;
}
