import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "~/upstream/client.server";
import { STATES, type State } from "./states";

/**
 * The recruiter's progress and summary figures (docs/api.md, Recruiter statistics;
 * docs/decisions/155): GET /{cstm}/recruiter/stats with the recruiter token.
 */

const statesSchema = z.object(
  Object.fromEntries(STATES.map((state) => [state, z.number().int().nonnegative()])) as Record<State, z.ZodNumber>,
);

const summarySchema = {
  total: z.number().int().nonnegative(),
  states: statesSchema,
  completionRate: z.number().min(0).max(100).nullable(),
  medianCompletionSeconds: z.number().nonnegative().nullable(),
};

const statsSchema = z.object({
  ...summarySchema,
  profiles: z.array(z.object({ prof_prof_id: z.string(), name: z.string(), ...summarySchema })),
  scales: z.array(
    z.object({
      comp_comp_id: z.number().int(),
      name: z.string(),
      count: z.number().int().nonnegative(),
      distribution: z.array(z.object({ normValue: z.number().int(), count: z.number().int().nonnegative() })),
    }),
  ),
  filterOptions: z.object({ profiles: z.array(z.object({ prof_prof_id: z.string(), name: z.string() })) }),
});

export interface Summary {
  total: number;
  states: Record<State, number>;
  completionRate: number | null;
  medianCompletionSeconds: number | null;
}

export interface RecruiterStats extends Summary {
  profiles: (Summary & { id: string; name: string })[];
  scales: { id: number; name: string; count: number; distribution: { normValue: number; count: number }[] }[];
  profileOptions: { value: string; label: string }[];
}

export async function recruiterStats(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  query: Record<string, string>,
): Promise<RecruiterStats> {
  const response = await callUpstream(context, {
    method: "GET",
    path: `/${encodeURIComponent(cstm)}/recruiter/stats`,
    query,
    auth: "token",
    session,
    schema: statsSchema,
  });
  return {
    total: response.total,
    states: response.states,
    completionRate: response.completionRate,
    medianCompletionSeconds: response.medianCompletionSeconds,
    profiles: response.profiles.map(({ prof_prof_id, name, ...summary }) => ({ id: prof_prof_id, name, ...summary })),
    scales: response.scales.map((scale) => ({
      id: scale.comp_comp_id,
      name: scale.name,
      count: scale.count,
      distribution: scale.distribution,
    })),
    profileOptions: response.filterOptions.profiles.map((profile) => ({
      value: profile.prof_prof_id,
      label: `${profile.name} (${profile.prof_prof_id})`,
    })),
  };
}
