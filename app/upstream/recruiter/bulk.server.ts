import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "~/upstream/client.server";
import { exportRowSchema, toApplicantRow, type ApplicantRow, type ListQuery } from "./list.server";
import { applicantsPath } from "./paths";

/**
 * The bulk call (docs/api.md, Recruiter workspace: bulk actions; docs/decisions/183): one action on a selection, by
 * user names or by the list's filter, in one upstream call and transaction, answered per applicant.
 */
export type BulkUpstreamAction =
  | { action: "status"; parameters: { status: string } }
  | { action: "owner"; parameters: { owner: string | null } }
  | { action: "open-until"; parameters: { profileId: string; openUntil: string | null } }
  | { action: "profiles"; parameters: { profileId: string; openUntil: string | null } }
  | { action: "access"; parameters: { loginEnabled: boolean } }
  | { action: "email"; parameters: { template: "invitation" | "reminder" } }
  | { action: "export"; parameters: Record<string, never> }
  | { action: "erase"; parameters: Record<string, never> };

export type BulkSelection = { userNames: string[] } | { filter: ListQuery };

const resultSchema = z.object({
  userName: z.string(),
  name: z.string().nullable(),
  outcome: z.enum(["changed", "unchanged", "refused"]),
  reason: z.string().optional(),
});

const bulkSchema = z.object({
  total: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  results: z.array(resultSchema),
  applicants: z.array(exportRowSchema).optional(),
});

export type BulkOutcome = z.infer<typeof resultSchema>;

export interface BulkAnswer {
  total: number;
  changed: number;
  unchanged: number;
  refused: number;
  results: BulkOutcome[];
  /** The export's rows (the list's shape), for action "export". */
  applicants: ApplicantRow[];
}

export async function runBulkAction(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  action: BulkUpstreamAction,
  selection: BulkSelection,
): Promise<BulkAnswer> {
  const answer = await callUpstream(context, {
    method: "POST",
    path: `${applicantsPath(cstm)}/bulk`,
    auth: "token",
    session,
    body: { ...action, selection },
    // Up to 2,000 applicants in one transaction (decision 183): seconds on a loaded machine, more than a page's
    // 5 s budget may allow; the longer budget of the calls that hash passwords upstream.
    budget: "credential",
    schema: bulkSchema,
  });
  return { ...answer, applicants: (answer.applicants ?? []).map(toApplicantRow) };
}
