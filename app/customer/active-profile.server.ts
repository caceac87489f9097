import { redirect } from "@remix-run/node";
import { customerPages, pageOfPath, pageWithoutActiveProfile } from "~/domain/customer";
import { customerPath } from "~/domain/customer-path";
import { requireCustomer, type CustomerContext, type DataFunctionArgs } from "./customer.server";

export interface ActiveProfileContext extends CustomerContext {
  profileId: string;
}

/**
 * R-RTE-05 / R-PROF-03: the guard of the profile-specific pages (home, assessment, report; see
 * PROFILE_SPECIFIC_PAGES). Call it instead of requireCustomer in their loaders and actions, after
 * the applicant guard.
 *
 * Today it implements only the part that needs no upstream data: the active profile comes from the
 * session; without one the visitor goes to the customer's profileChooser page, or home when the
 * area has no chooser (never back to the page asking, so it cannot loop).
 *
 * TODO(dashboard branch): before redirecting, apply R-PROF-01 with the upstream profiles — on-site
 * the profile from the stored on-site data; exactly one profile that is neither finished nor locked
 * is activated (session activeProfileId) and the request continues; otherwise the profile chooser.
 */
export async function requireActiveProfile(args: DataFunctionArgs): Promise<ActiveProfileContext> {
  const customer = await requireCustomer(args);
  const profileId = customer.session.get("activeProfileId");
  if (profileId) return { ...customer, profileId };
  const current = pageOfPath(new URL(args.request.url).pathname);
  throw redirect(customerPath(customer.cstm, `/${pageWithoutActiveProfile(customerPages(customer.config), current)}`));
}
