import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "~/upstream/client.server";

/**
 * Test setup (docs/api.md, Test setup; docs/decisions/157): the customer's tests, one
 * test's containers and modules in order with its open-until default and setup changes, and the
 * call that changes the default.
 */
const testsSchema = z.object({
  tests: z.array(
    z.object({
      prof_prof_id: z.string(),
      name: z.string(),
      containers: z.number(),
      modules: z.number(),
      openUntilDays: z.number().nullable(),
    }),
  ),
});

const setupSchema = z.object({
  prof_prof_id: z.string(),
  name: z.string(),
  description: z.string(),
  openUntilDays: z.number().nullable(),
  maxOpenUntilDays: z.number(),
  containers: z.array(
    z.object({
      pcc_id: z.number(),
      type: z.string(),
      name: z.string(),
      modules: z.array(
        z.object({
          prcm_id: z.number(),
          comp_comp_id: z.number(),
          stepNumber: z.number(),
          type: z.string(),
          name: z.string(),
          durationS: z.number().nullable(),
          skippable: z.boolean(),
        }),
      ),
    }),
  ),
  audit: z.array(
    z.object({ id: z.number(), at: z.string(), recruiter: z.string(), action: z.string(), changes: z.record(z.string(), z.unknown()) }),
  ),
});

export type TestSummary = z.infer<typeof testsSchema>["tests"][number];
export type TestSetup = z.infer<typeof setupSchema>;

const testsPath = (cstm: string) => `/${encodeURIComponent(cstm)}/recruiter/tests`;

export async function listTests(context: AppLoadContext, session: AppSession, cstm: string): Promise<TestSummary[]> {
  const response = await callUpstream(context, { method: "GET", path: testsPath(cstm), auth: "token", session, schema: testsSchema });
  return response.tests;
}

export function testSetup(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  profileId: string,
  language: string,
): Promise<TestSetup> {
  return callUpstream(context, {
    method: "GET",
    path: `${testsPath(cstm)}/${encodeURIComponent(profileId)}`,
    query: { language },
    auth: "token",
    session,
    schema: setupSchema,
  });
}

export async function setOpenUntilDefault(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  profileId: string,
  openUntilDays: number | null,
): Promise<void> {
  await callUpstream(context, {
    method: "POST",
    path: `${testsPath(cstm)}/${encodeURIComponent(profileId)}/open-until-default`,
    auth: "token",
    session,
    body: { openUntilDays },
  });
}
