import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireCustomer } from "~/customer/customer.server";
import { recruiterPath } from "~/recruiter/session.server";
import { commitSession } from "~/session/request.server";
import { recruiterLogout } from "~/upstream/recruiter/session.server";

/**
 * The recruiter's logout (decision 140): the recruiter token is given back upstream and only the
 * recruiter's part of the session goes; an applicant signed in in the same browser stays.
 */
export async function action(args: ActionFunctionArgs) {
  const { context } = args;
  const { cstm, session } = await requireCustomer(args);
  const recruiter = session.get("recruiter");
  if (recruiter) {
    await recruiterLogout(context, session).catch((error) => context.logger.warn({ err: error }, "upstream recruiter logout failed"));
    context.logger.info({ recruiterLogout: { cstm, userName: recruiter.userName } }, "recruiter signed out");
    session.unset("recruiter");
    session.unset("recruiterImport");
  }
  throw redirect(recruiterPath(cstm, "/login?notice=signed-out"), {
    headers: { "Set-Cookie": await commitSession(context, session), "Cache-Control": "no-store" },
  });
}

/** Logging out changes state: only POST does it. */
export async function loader(args: LoaderFunctionArgs) {
  const { cstm } = await requireCustomer(args);
  throw redirect(recruiterPath(cstm, "/login"));
}

export default function RecruiterLogout() {
  return null;
}
