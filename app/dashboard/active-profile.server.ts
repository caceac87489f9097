import { redirect } from "@remix-run/node";
import { requireApplicant, type ApplicantContext } from "~/account/session.server";
import type { DataFunctionArgs } from "~/customer/customer.server";
import { customerPages, pageOfPath, pageWithoutActiveProfile } from "~/domain/customer";
import { customerPath } from "~/domain/customer-path";
import { selectProfile } from "~/domain/profile";
import { commitSession } from "~/session/request.server";
import { getProfiles } from "~/upstream/applicant.server";

export interface ActiveProfileContext extends ApplicantContext {
  profileId: string;
}

/**
 * Profile-specific pages (home, assessment, report) need an active profile (R-RTE-05, R-PROF-03).
 * Without one, the profile is loaded first with the selection rule of R-PROF-01 (on-site: the
 * station's profile); if that still gives none, the visitor goes to the profile chooser and no
 * data call is made for the page (R-FETCH-01).
 */
export async function requireActiveProfile(args: DataFunctionArgs): Promise<ActiveProfileContext> {
  const applicant = await requireApplicant(args);
  const { session, cstm, context } = { ...applicant, context: args.context };
  const stored = session.get("activeProfileId");
  if (stored) return { ...applicant, profileId: stored };
  const profiles = await getProfiles(context, session);
  const selection = selectProfile(profiles, session.get("onSite")?.profileId);
  if (selection.kind === "chooser") {
    // Never back to the page asking, so it cannot loop (an area without a chooser goes home).
    const current = pageOfPath(new URL(args.request.url).pathname);
    throw redirect(customerPath(cstm, `/${pageWithoutActiveProfile(customerPages(applicant.config), current)}`));
  }
  session.set("activeProfileId", selection.profileId);
  await commitSession(context, session);
  return { ...applicant, profileId: selection.profileId };
}
