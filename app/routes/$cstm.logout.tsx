import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { currentApplicant, logoutDestination } from "~/account/session.server";
import { requireCustomer } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";
import { destroySession } from "~/session/request.server";
import { logout } from "~/upstream/auth.server";
import { recruiterLogout } from "~/upstream/recruiter/session.server";

/**
 * Logout (R-AUTH-01/04): GET /logout upstream, the session record deleted, Clear-Site-Data, and the
 * destination of R-AUTH-04. Only the language choice survives (its own cookie).
 */
export async function action(args: ActionFunctionArgs) {
  const customer = await requireCustomer(args);
  const { context } = args;
  const { cstm, session } = customer;
  const destination = logoutDestination(customer);
  if (currentApplicant(session, cstm)) {
    // The upstream token is revoked if it can be; a failure must never keep anyone signed in.
    await logout(context, session).catch((error) => context.logger.warn({ err: error }, "upstream logout failed"));
  } else if (session.get("recruiter")) {
    // The record goes below; the recruiter's token must not outlive it upstream either.
    await recruiterLogout(context, session).catch((error) => context.logger.warn({ err: error }, "upstream recruiter logout failed"));
  }
  // The language choice survives by itself: it has a cookie of its own. Nothing else does: one
  // browser holds one role at a time (decision 140, amended), so no other sign-in is carried over.
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(context, session));
  headers.set("Clear-Site-Data", '"cache", "storage"');
  throw redirect(destination, { headers });
}

/** Logging out changes state, so only POST does it; a GET just goes to the customer's root. */
export async function loader(args: LoaderFunctionArgs) {
  const { cstm } = await requireCustomer(args);
  throw redirect(customerPath(cstm));
}

export default function Logout() {
  return null;
}
