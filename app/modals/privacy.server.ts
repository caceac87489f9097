import type { CustomerContext } from "~/customer/customer.server";
import type { SecondaryCalls } from "~/errors/secondary.server";
import { getDataProtectionStatement } from "~/upstream/data-protection.server";
import type { PrivacyModalData } from "./privacy";

/**
 * The privacy modal's data: the customer's statement in the page's language. A failed call is not the
 * page's failure: DP01 "could not be loaded" shows as a dialog over the page (decision 127), the
 * modal below says so too, and the page stays usable.
 */
export async function loadPrivacyModal(
  context: Parameters<typeof getDataProtectionStatement>[0],
  customer: Pick<CustomerContext, "cstm" | "language" | "session">,
  secondary: SecondaryCalls,
): Promise<PrivacyModalData> {
  const statement = await secondary.run(getDataProtectionStatement(context, customer.cstm, customer.language, customer.session), null);
  return { statement: statement ? { texts: statement.texts } : null };
}
