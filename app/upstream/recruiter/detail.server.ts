import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "~/upstream/client.server";
import { applicantPath } from "./paths";
import { shortlistSchema, type Shortlist } from "./shortlist.server";
import {
  applicantFieldsSchema,
  filterOptionsSchema,
  ownerSchema,
  profileOptionSchema,
  toFilterOptions,
  type ApplicantFields,
  type FilterOptions,
  type Option,
} from "./schemas";

/**
 * The applicant page's data (docs/api.md, Recruiter workspace: the applicant page; docs/decisions/150): the
 * applicant with their profiles, containers, modules, forms and audit entries, and the page's options.
 */

const auditSchema = z.object({
  id: z.number(),
  at: z.string(),
  recruiter: z.string(),
  /** A scheduled job's entry (docs/decisions/186, 187), named in the page's language. */
  job: z.enum(["reminders", "retention"]).optional(),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
});

const fieldSchema = z.object({
  name: z.string(),
  type: z.string(),
  required: z.boolean(),
  maxLength: z.number().nullable().default(null),
  label: z.string(),
  options: z
    .array(z.object({ value: z.string(), label: z.string() }))
    .nullable()
    .default(null),
});

const detailSchema = z.object({
  applicant: applicantFieldsSchema.extend({
    language: z.string(),
    expired: z.boolean().default(false),
    loginEnabled: z.boolean(),
    owner: ownerSchema,
    finishedModules: z.number(),
    totalModules: z.number(),
    profiles: z.array(
      z.object({
        prof_prof_id: z.string(),
        name: z.string(),
        status: z.string(),
        isOpen: z.boolean(),
        openUntil: z.string().nullable(),
        finishedComponents: z.number(),
        totalComponents: z.number(),
        reportAvailable: z.boolean(),
        containers: z.array(
          z.object({
            pcc_id: z.number(),
            name: z.string(),
            type: z.string(),
            finishedComponents: z.number(),
            totalComponents: z.number(),
            modules: z.array(
              z.object({
                comp_comp_id: z.number(),
                display_name: z.string(),
                type: z.string(),
                finishedAt: z.string().nullable(),
                skipped: z.boolean(),
                score: z.number().nullable(),
                maxScore: z.number().nullable(),
                normValue: z.number().nullable(),
                history: z.array(
                  z.object({
                    finishedAt: z.string(),
                    skipped: z.boolean(),
                    score: z.number().nullable(),
                    normValue: z.number().nullable(),
                    retestAt: z.string(),
                  }),
                ),
              }),
            ),
          }),
        ),
      }),
    ),
    forms: z.array(
      z.object({
        prof_prof_id: z.string(),
        comp_comp_id: z.number(),
        form_identifier: z.string(),
        title: z.string(),
        savedAt: z.string().nullable(),
        values: z.record(z.string(), z.string()).nullable(),
        earlierValues: z.array(z.object({ retestAt: z.string(), values: z.record(z.string(), z.string()) })).default([]),
        fields: z.array(fieldSchema),
      }),
    ),
    audit: z.array(auditSchema),
    shortlist: shortlistSchema,
  }),
  options: filterOptionsSchema.extend({
    languages: z.array(z.string()),
    assignableProfiles: z.array(profileOptionSchema),
  }),
});

export interface ModuleResult {
  finishedAt: string;
  skipped: boolean;
  score: number | null;
  normValue: number | null;
  retestAt: string;
}

export interface ApplicantModule {
  id: number;
  name: string;
  type: string;
  finishedAt: string | null;
  skipped: boolean;
  score: number | null;
  maxScore: number | null;
  normValue: number | null;
  earlierResults: ModuleResult[];
}

export interface ApplicantProfile {
  id: string;
  name: string;
  status: string;
  isOpen: boolean;
  openUntil: string | null;
  finished: number;
  total: number;
  reportAvailable: boolean;
  containers: { id: number; name: string; type: string; finished: number; total: number; modules: ApplicantModule[] }[];
}

export interface FormField {
  name: string;
  type: string;
  required: boolean;
  maxLength: number | null;
  label: string;
  options: Option[] | null;
}

export interface ApplicantForm {
  profileId: string;
  moduleId: number;
  formIdentifier: string;
  title: string;
  savedAt: string | null;
  values: Record<string, string> | null;
  earlierValues: { retestAt: string; values: Record<string, string> }[];
  fields: FormField[];
}

export interface AuditEntry {
  id: number;
  at: string;
  recruiter: string;
  job?: "reminders" | "retention";
  action: string;
  changes: Record<string, unknown>;
}

export interface ApplicantDetail extends ApplicantFields {
  language: string;
  expired: boolean;
  profiles: ApplicantProfile[];
  forms: ApplicantForm[];
  audit: AuditEntry[];
  /** Ratings and notes per test (docs/decisions/185). */
  shortlist: Shortlist;
  options: FilterOptions & { languages: string[]; assignableProfiles: Option[] };
}

export async function applicantDetail(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
  language: string,
): Promise<ApplicantDetail> {
  const { applicant, options } = await callUpstream(context, {
    method: "GET",
    path: applicantPath(cstm, userName),
    query: { language },
    auth: "token",
    session,
    schema: detailSchema,
  });
  return {
    ...applicant,
    profiles: applicant.profiles.map((profile) => ({
      id: profile.prof_prof_id,
      name: profile.name,
      status: profile.status,
      isOpen: profile.isOpen,
      openUntil: profile.openUntil,
      finished: profile.finishedComponents,
      total: profile.totalComponents,
      reportAvailable: profile.reportAvailable,
      containers: profile.containers.map((container) => ({
        id: container.pcc_id,
        name: container.name,
        type: container.type,
        finished: container.finishedComponents,
        total: container.totalComponents,
        modules: container.modules.map((module) => ({
          id: module.comp_comp_id,
          name: module.display_name,
          type: module.type,
          finishedAt: module.finishedAt,
          skipped: module.skipped,
          score: module.score,
          maxScore: module.maxScore,
          normValue: module.normValue,
          earlierResults: module.history,
        })),
      })),
    })),
    forms: applicant.forms.map((form) => ({
      profileId: form.prof_prof_id,
      moduleId: form.comp_comp_id,
      formIdentifier: form.form_identifier,
      title: form.title,
      savedAt: form.savedAt,
      values: form.values,
      earlierValues: form.earlierValues,
      fields: form.fields,
    })),
    options: {
      ...toFilterOptions(options),
      languages: options.languages,
      assignableProfiles: options.assignableProfiles.map((profile) => ({
        value: profile.prof_prof_id,
        label: `${profile.name} (${profile.prof_prof_id})`,
      })),
    },
  };
}
