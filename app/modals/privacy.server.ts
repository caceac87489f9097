import type { CustomerContext } from "~/customer/customer.server";
import { SilentUpstreamFailure, UpstreamError } from "~/upstream/client.server";
import { getDataProtectionStatement } from "~/upstream/data-protection.server";
import type { PrivacyModalData } from "./privacy";

/**
 * The privacy modal's data: the customer's statement in the page's language. A failed call is
 * not the page's failure: the modal says DP01 "could not be loaded" and the page stays usable.
 */
export async function loadPrivacyModal(
  context: Parameters<typeof getDataProtectionStatement>[0],
  customer: Pick<CustomerContext, "cstm" | "language" | "session">,
): Promise<PrivacyModalData> {
  try {
    const statement = await getDataProtectionStatement(context, customer.cstm, customer.language, customer.session);
    return { statement: { texts: statement.texts } };
  } catch (error) {
    if (error instanceof UpstreamError || error instanceof SilentUpstreamFailure) return { statement: null };
    throw error;
  }
}
