import type { AppLoadContext } from "@remix-run/node";
import { customerPath } from "~/domain/customer-path";
import { selectProfile } from "~/domain/profile";
import { commitSession } from "~/session/request.server";
import type { AppSession } from "~/session/session.server";
import { getProfiles } from "~/upstream/applicant.server";
import { ensureFreshToken } from "~/upstream/token.server";
import { CatalogueError } from "~/errors/catalogue-error";
import { safeCustomerRedirect } from "./session.server";

/**
 * Where an applicant goes after login or anonymous registration (R-AUTH-01/02, R-PROF-01): the token
 * check runs first; then the profile-selection rule either activates a profile (→ home) or sends
 * them to the profile chooser. A same-customer redirectTo wins over home.
 */
export async function destinationAfterSignIn(
  context: AppLoadContext,
  cstm: string,
  session: AppSession,
  options: { onSiteProfileId?: string; redirectTo?: unknown } = {},
): Promise<string> {
  if (!(await ensureFreshToken(context, session, "applicant"))) {
    throw new CatalogueError("C02", { requestId: context.requestId });
  }
  const profiles = await getProfiles(context, session);
  const selection = selectProfile(profiles, options.onSiteProfileId);
  let destination = customerPath(cstm, "/profileChooser");
  if (selection.kind === "activate") {
    session.set("activeProfileId", selection.profileId);
    destination = customerPath(cstm, "/home");
  }
  await commitSession(context, session);
  return safeCustomerRedirect(cstm, options.redirectTo, destination);
}
