import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import { Profile } from "~/domain/profile";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "./client.server";

/**
 * The signed-in applicant's profiles (GET /profiles). Profile records use the spec's server names
 * (prof_prof_id, …); invalid records are reported, not shown.
 */
export const profileRecordSchema = z
  .object({
    prof_prof_id: z.string(),
    name: z.string(),
    description: z.string().nullish(),
    status: z.string(),
    isOpen: z.boolean(),
    openUntil: z.string().nullish(),
    hasActiveComponents: z.boolean(),
    discoverReportVisible: z.boolean(),
    finishedComponents: z.number().int().nonnegative().optional(),
    totalComponents: z.number().int().nonnegative().optional(),
  })
  .passthrough();

export type ProfileRecord = z.infer<typeof profileRecordSchema>;

const profilesSchema = z.object({ profiles: z.array(profileRecordSchema) });

export function profileFromRecord(record: ProfileRecord): Profile {
  return new Profile({
    id: record.prof_prof_id,
    name: record.name,
    status: record.status,
    isOpen: record.isOpen,
    hasActiveComponents: record.hasActiveComponents,
    discoverReportVisible: record.discoverReportVisible,
    openUntil: record.openUntil ?? null,
  });
}

export async function getProfileRecords(context: AppLoadContext, session: AppSession): Promise<ProfileRecord[]> {
  const response = await callUpstream(context, { path: "/profiles", auth: "token", session, schema: profilesSchema });
  return response.profiles;
}

export async function getProfiles(context: AppLoadContext, session: AppSession): Promise<Profile[]> {
  return (await getProfileRecords(context, session)).map(profileFromRecord);
}
