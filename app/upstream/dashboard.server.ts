import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import { buildContainers, ModuleContainer, type ContainersInitError } from "~/domain/container";
import { Module } from "~/domain/module";
import type { Profile } from "~/domain/profile";
import type { AppSession } from "~/session/session.server";
import { profileFromRecord, profileRecordSchema } from "./applicant.server";
import { callUpstream } from "./client.server";

/**
 * The dashboard's reads (spec §7): containers of a profile, its open and finished modules, and the
 * user data. Records use the upstream's names (comp_comp_id, pcc_id, activeComponents, …); this
 * file turns them into the domain's Module, ModuleContainer and Profile.
 */
// The module and container records keep only the fields read here (zod's default, not passthrough): every other
// field of a record was copied for nothing, per module on every page that lists them (decision 205).
const moduleRecordSchema = z.object({
  id: z.coerce.number(),
  comp_comp_id: z.coerce.number().optional(),
  prcm_id: z.coerce.number().nullish(),
  name: z.string(),
  display_name: z.string().nullish(),
  display_description: z.string().nullish(),
  description: z.string().nullish(),
  duration: z.number().nullish(),
  skippable: z.boolean().nullish(),
  form_identifier: z.string().nullish(),
  imagePath: z.string().nullish(),
  isWrapper: z.boolean().nullish(),
  stepNumber: z.number().nullish(),
  finishedAt: z.string().nullish(),
  skipped: z.boolean().nullish(),
  action: z.string().nullish(),
  text: z.string().nullish(),
  title: z.string().nullish(),
  path: z.string().nullish(),
  scales: z.array(z.string()).nullish(),
  normValue: z.number().nullish(),
});

export type ModuleRecord = z.infer<typeof moduleRecordSchema>;

export function moduleFromRecord(record: ModuleRecord): Module {
  return new Module({
    id: record.id,
    componentId: record.comp_comp_id ?? record.id,
    type: record.name,
    formIdentifier: record.form_identifier ?? null,
    durationSeconds: record.duration ?? null,
    finishedAt: record.finishedAt ? new Date(record.finishedAt) : null,
    displayName: record.display_name ?? "",
    description: record.display_description ?? record.description ?? "",
    skippable: record.skippable ?? false,
    text: record.text ?? null,
    isWrapper: record.isWrapper ?? false,
    scales: record.scales ?? [],
    normValue: record.normValue ?? null,
    stepNumber: record.stepNumber ?? null,
    action: record.action ?? null,
    imagePath: record.imagePath ?? null,
    title: record.title ?? null,
    path: record.path ?? null,
  });
}

const containerRecordSchema = z.object({
  pcc_id: z.union([z.number(), z.string()]),
  display_name: z.string().nullish(),
  description: z.string().nullish(),
  type: z.string().nullish(),
  icon: z.string().nullish(),
  iconPath: z.string().nullish(),
  size: z.number().nullish(),
  duration: z.number().nullish(),
  finishedAt: z.string().nullish(),
  activeComponents: z.array(z.unknown()).default([]),
  finishedComponents: z.array(z.unknown()).default([]),
});

function parseModule(value: unknown): Module {
  return moduleFromRecord(moduleRecordSchema.parse(value));
}

/** One record → one container; anything invalid (a module too) throws and drops only this record. */
function containerFromRecord(value: unknown): ModuleContainer {
  const record = containerRecordSchema.parse(value);
  return new ModuleContainer({
    id: record.pcc_id,
    name: record.display_name ?? undefined,
    description: record.description ?? "",
    icon: record.icon ?? null,
    iconPath: record.iconPath ?? null,
    type: record.type ?? undefined,
    size: record.size ?? undefined,
    elements: record.activeComponents.map(parseModule),
    finishedElements: record.finishedComponents.map(parseModule),
  });
}

const containersSchema = z.object({
  containers: z.array(z.unknown()),
  feedbackRequested: z.boolean().default(false),
  feedbackModalSeen: z.boolean().default(false),
});

export interface ContainersResult {
  containers: ModuleContainer[];
  /** R-VAL-07: the containers that could not be built ('Could not initialize Containers'); report it. */
  failure: ContainersInitError | null;
  feedbackRequested: boolean;
  /** The feedback dialog has been shown for this profile (on any device, decision 123). */
  feedbackModalSeen: boolean;
}

/** GET /dashboardHome/container/{profileId}: the profile's containers with their modules. */
export async function getContainers(
  context: AppLoadContext,
  session: AppSession,
  profileId: string,
  language: string,
): Promise<ContainersResult> {
  const response = await callUpstream(context, {
    path: `/dashboardHome/container/${encodeURIComponent(profileId)}`,
    query: { language },
    auth: "token",
    session,
    schema: containersSchema,
  });
  const { containers, failure } = buildContainers(response.containers, containerFromRecord);
  return { containers, failure, feedbackRequested: response.feedbackRequested, feedbackModalSeen: response.feedbackModalSeen };
}

const modulesSchema = z.object({
  elements: z.array(z.unknown()).default([]),
  finishedElements: z.array(z.unknown()).default([]),
  feedbackRequested: z.boolean().default(false),
  feedbackModalSeen: z.boolean().default(false),
});

export interface ModulesResult {
  elements: Module[];
  finishedElements: Module[];
  feedbackRequested: boolean;
  /** The feedback dialog has been shown for this profile (on any device, decision 123). */
  feedbackModalSeen: boolean;
}

/** GET /dashboardHome/{profileId}: the profile's open and finished modules (invalid records left out). */
export async function getModules(
  context: AppLoadContext,
  session: AppSession,
  profileId: string,
  language: string,
): Promise<ModulesResult> {
  const response = await callUpstream(context, {
    path: `/dashboardHome/${encodeURIComponent(profileId)}`,
    query: { language },
    auth: "token",
    session,
    schema: modulesSchema,
  });
  const valid = (values: unknown[]) =>
    values.flatMap((value) => {
      try {
        return [parseModule(value)];
      } catch (error) {
        context.logger.warn({ err: error }, "invalid module record left out");
        return [];
      }
    });
  return {
    elements: valid(response.elements),
    finishedElements: valid(response.finishedElements),
    feedbackRequested: response.feedbackRequested,
    feedbackModalSeen: response.feedbackModalSeen,
  };
}

const userDataSchema = z.object({
  language: z.string().nullish(),
  userInfo: z
    .object({
      userName: z.string().nullish(),
      displayName: z.string().nullish(),
      firstName: z.string().nullish(),
      lastName: z.string().nullish(),
      email: z.string().nullish(),
      anonymous: z.boolean().nullish(),
      registeredAt: z.string().nullish(),
      finalizedAt: z.string().nullish(),
    })
    .passthrough()
    .default({}),
  profileId: z.string().nullish(),
  profiles: z.array(z.unknown()).default([]),
  numberOfProfiles: z.number().nullish(),
  dataProtection: z
    .object({
      dpsm_dpsm_id: z.coerce.number().nullish(),
      revision: z.coerce.number().nullish(),
      accepted: z.boolean().default(false),
      contactingAccepted: z.boolean().default(false),
    })
    .nullish(),
  feedbackRequested: z.boolean().default(false),
  feedbackModalSeen: z.boolean().default(false),
});

export interface UserData {
  language?: string;
  userInfo: z.infer<typeof userDataSchema>["userInfo"];
  profileId?: string;
  profiles: Profile[];
  numberOfProfiles: number;
  dataProtection: { id?: number; revision?: number; accepted: boolean; contactingAccepted: boolean } | null;
  feedbackRequested: boolean;
  /** The feedback dialog has been shown for this profile (on any device, decision 123). */
  feedbackModalSeen: boolean;
}

/** GET /userData (spec §3 user data response): who is signed in, their profiles and acceptances. */
export async function getUserData(
  context: AppLoadContext,
  session: AppSession,
  options: { profileId?: string; language?: string } = {},
): Promise<UserData> {
  const response = await callUpstream(context, {
    path: "/userData",
    query: { profileId: options.profileId, language: options.language },
    auth: "token",
    session,
    schema: userDataSchema,
  });
  const profiles = response.profiles.flatMap((record) => {
    try {
      return [profileFromRecord(profileRecordSchema.parse(record))];
    } catch (error) {
      context.logger.warn({ err: error }, "invalid profile record left out");
      return [];
    }
  });
  const dp = response.dataProtection;
  return {
    language: response.language ?? undefined,
    userInfo: response.userInfo,
    profileId: response.profileId ?? undefined,
    profiles,
    numberOfProfiles: response.numberOfProfiles ?? profiles.length,
    dataProtection: dp
      ? {
          id: dp.dpsm_dpsm_id ?? undefined,
          revision: dp.revision ?? undefined,
          accepted: dp.accepted,
          contactingAccepted: dp.contactingAccepted,
        }
      : null,
    feedbackRequested: response.feedbackRequested,
    feedbackModalSeen: response.feedbackModalSeen,
  };
}
