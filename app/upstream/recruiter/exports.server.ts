import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream, callUpstreamBinary } from "~/upstream/client.server";
import { applicantPath } from "./paths";

/**
 * The applicant's data as files (docs/api.md, Recruiter workspace: data of the applicant): the Art. 15 file,
 * the values and the report PDF.
 */

const dataExportSchema = z.object({ data: z.record(z.string(), z.unknown()) });

/** The applicant's Art. 15 file in their language (docs/decisions/182), as they get it; the upstream records the export. */
export async function applicantDataExport(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
): Promise<Record<string, unknown>> {
  const { data } = await callUpstream(context, {
    path: `${applicantPath(cstm, userName)}/data-export`,
    auth: "token",
    session,
    schema: dataExportSchema,
  });
  return data;
}

const valuesSchema = z.object({
  userName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  scales: z.array(
    z.object({
      prof_prof_id: z.string(),
      profileName: z.string(),
      comp_comp_id: z.number(),
      name: z.string(),
      finishedAt: z.string().nullable(),
      score: z.number().nullable(),
      maxScore: z.number().nullable(),
      normValue: z.number().nullable(),
    }),
  ),
  forms: z.array(
    z.object({
      prof_prof_id: z.string(),
      comp_comp_id: z.number(),
      form_identifier: z.string(),
      field: z.string(),
      label: z.string(),
      value: z.string().nullable(),
      savedAt: z.string().nullable(),
    }),
  ),
});

export interface ApplicantValues {
  userName: string;
  scales: {
    profileId: string;
    profileName: string;
    moduleId: number;
    name: string;
    finishedAt: string | null;
    score: number | null;
    maxScore: number | null;
    normValue: number | null;
  }[];
  forms: {
    profileId: string;
    moduleId: number;
    form: string;
    field: string;
    label: string;
    value: string | null;
    savedAt: string | null;
  }[];
}

export async function applicantValues(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
  language: string,
): Promise<ApplicantValues> {
  const response = await callUpstream(context, {
    method: "GET",
    path: `${applicantPath(cstm, userName)}/values`,
    query: { language },
    auth: "token",
    session,
    schema: valuesSchema,
  });
  return {
    userName: response.userName,
    scales: response.scales.map((scale) => ({
      profileId: scale.prof_prof_id,
      profileName: scale.profileName,
      moduleId: scale.comp_comp_id,
      name: scale.name,
      finishedAt: scale.finishedAt,
      score: scale.score,
      maxScore: scale.maxScore,
      normValue: scale.normValue,
    })),
    forms: response.forms.map((answer) => ({
      profileId: answer.prof_prof_id,
      moduleId: answer.comp_comp_id,
      form: answer.form_identifier,
      field: answer.field,
      label: answer.label,
      value: answer.value,
      savedAt: answer.savedAt,
    })),
  };
}

/** The applicant's report PDF as the upstream streams it. */
export function applicantReport(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
  profileId: string,
  language: string,
): Promise<Response> {
  const query = new URLSearchParams({ profileId, language });
  return callUpstreamBinary(context, { method: "GET", path: `${applicantPath(cstm, userName)}/report?${query}`, auth: "token", session });
}
