import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "./client.server";
import { endsSession, UpstreamError } from "./failures.server";

/**
 * GET / POST /profile (spec §7): the applicant's personal data, not the assessment profile
 * (docs/api.md). The app calls it "personal data" so it is never confused with a Profile.
 */
export interface PersonalData {
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  language: string | null;
  /** R-ROLE-02: anonymous applicants have no name or e-mail address. */
  anonymous: boolean;
}

export type PersonalDataChange = Partial<Pick<PersonalData, "firstName" | "lastName" | "email">> & { language?: string };

const personalDataSchema = z.object({
  profile: z.object({
    userName: z.string().default(""),
    firstName: z.string().nullish(),
    lastName: z.string().nullish(),
    email: z.string().nullish(),
    language: z.string().nullish(),
    anonymous: z.boolean().default(false),
  }),
});

function personalDataOf(response: z.infer<typeof personalDataSchema>): PersonalData {
  const { profile } = response;
  return {
    userName: profile.userName,
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    email: profile.email ?? "",
    language: profile.language ?? null,
    anonymous: profile.anonymous || profile.userName.includes("self_register_anon"),
  };
}

export async function getPersonalData(context: AppLoadContext, session: AppSession): Promise<PersonalData> {
  return personalDataOf(await callUpstream(context, { path: "/profile", auth: "token", session, schema: personalDataSchema }));
}

export type SaveResult = { ok: true; data: PersonalData } | { ok: false; code: "C12" | "API01" };

/**
 * POST /profile. R-CAT-02: an address another account uses is C12 (403 with data C12); any other
 * failure of the save is API01 ("also profile save error", spec §8), answered to the form so the
 * applicant keeps what they typed. An ended session still throws to the error view.
 */
export async function savePersonalData(context: AppLoadContext, session: AppSession, change: PersonalDataChange): Promise<SaveResult> {
  try {
    const response = await callUpstream(context, {
      method: "POST",
      path: "/profile",
      auth: "token",
      session,
      body: change,
      schema: personalDataSchema,
    });
    return { ok: true, data: personalDataOf(response) };
  } catch (error) {
    // An ended session goes to the error view (sign in again), never into the form.
    if (!(error instanceof UpstreamError) || endsSession(error)) throw error;
    if (error.code === "C12") return { ok: false, code: "C12" };
    context.logger.warn({ upstream: { path: "/profile", status: error.status, code: error.code } }, "profile save failed");
    return { ok: false, code: "API01" };
  }
}

const dataExportSchema = z.object({ data: z.record(z.string(), z.unknown()) });

/** GET /profile/data-export (GDPR Art. 15, docs/decisions/182): everything stored about the signed-in applicant. */
export async function getDataExport(context: AppLoadContext, session: AppSession, language: string): Promise<Record<string, unknown>> {
  const { data } = await callUpstream(context, {
    path: "/profile/data-export",
    query: { language },
    auth: "token",
    session,
    schema: dataExportSchema,
  });
  return data;
}
