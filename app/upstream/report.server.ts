import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import { reportStatus, type ReportStatus } from "~/domain/report";
import type { AppSession } from "~/session/session.server";
import { callUpstream, callUpstreamBinary } from "./client.server";
import { UpstreamError } from "./failures.server";

/**
 * The report calls of spec §7: the report bindings with their scales and the user's module status
 * (POST /getReportBindingsWithScalesAndUserComponentStatus) and the PDF (POST /createReport).
 */
const scaleRecordSchema = z
  .object({ comp_comp_id: z.coerce.number(), name: z.string().nullish(), finished: z.boolean().nullish() })
  .passthrough();

const moduleStatusSchema = z.object({ comp_comp_id: z.coerce.number(), finished: z.boolean().nullish() }).passthrough();

const bindingRecordSchema = z
  .object({
    name: z.string().nullish(),
    scales: z.array(scaleRecordSchema).default([]),
    userComponentStatus: z.array(moduleStatusSchema).default([]),
  })
  .passthrough();

// R-ENT-07: an answer without relevantReportDefinitionBindings is a failure ("Couldn't load report details.").
const bindingsResponseSchema = z.object({
  allComponentsFinished: z.boolean().optional(),
  finishedComponents: z.number().int().nonnegative().optional(),
  totalComponents: z.number().int().nonnegative().optional(),
  relevantReportDefinitionBindings: z.array(bindingRecordSchema),
});

export async function getReportStatus(
  context: AppLoadContext,
  session: AppSession,
  profileId: string,
  language: string,
): Promise<ReportStatus> {
  const response = await callUpstream(context, {
    method: "POST",
    path: "/getReportBindingsWithScalesAndUserComponentStatus",
    body: { profileId, language },
    auth: "token",
    session,
    schema: bindingsResponseSchema,
  });
  const bindings = response.relevantReportDefinitionBindings;
  return reportStatus({
    bindings: bindings.map((binding) => ({
      name: binding.name ?? "",
      scales: binding.scales.map((scale) => ({
        componentId: scale.comp_comp_id,
        name: scale.name ?? "",
        finished: scale.finished ?? false,
      })),
    })),
    moduleStatus: (bindings[0]?.userComponentStatus ?? []).map((module) => ({ finished: module.finished ?? false })),
    finishedModules: response.finishedComponents,
    totalModules: response.totalComponents,
    allModulesFinished: response.allComponentsFinished,
  });
}

/**
 * The report PDF as the upstream sends it (a streaming Response). Anything but a PDF is no report
 * file ('Report download failed.', spec §8).
 */
export async function createReport(context: AppLoadContext, session: AppSession, profileId: string, language: string): Promise<Response> {
  const path = "/createReport";
  const response = await callUpstreamBinary(context, { method: "POST", path, body: { profileId, language }, auth: "token", session });
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("application/pdf") || !response.body) {
    await response.body?.cancel();
    throw new UpstreamError({ kind: "invalid-response", path, status: response.status }, "API01", { requestId: context.requestId });
  }
  return response;
}
