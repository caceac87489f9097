import type { DataFunctionArgs } from "~/customer/customer.server";
import { UpstreamError } from "~/upstream/failures.server";
import { runBulkAction, type BulkAnswer } from "~/upstream/recruiter/bulk.server";
import { listApplicants } from "~/upstream/recruiter/list.server";
import { CALL_MESSAGES, upstreamAction, upstreamSelection, type BulkAction, type SelectionState } from "./bulk-form";
import { withRecruiterUpstream, type RecruiterContext } from "./session.server";
import { logRefusal } from "./too-many.server";

/**
 * The bulk pages' upstream calls (docs/decisions/183): the selection's size and the choices of the parameter fields
 * (one list page of one row, with the list's filter for "all matching"), and the bulk call itself with its refusals
 * of the whole call as messages the form shows.
 */
export interface BulkOptions {
  count: number;
  profiles: { value: string; label: string }[];
  owners: { value: string; label: string }[];
}

export async function bulkOptions(
  args: DataFunctionArgs,
  recruiter: RecruiterContext,
  selection: SelectionState | null,
): Promise<BulkOptions> {
  const filter = selection?.scope === "all" ? selection.filter : {};
  const page = await withRecruiterUpstream(args, recruiter, () =>
    listApplicants(args.context, recruiter.session, recruiter.cstm, { ...filter, page: "1", pageSize: "1" }),
  );
  const count = selection === null ? 0 : selection.scope === "all" ? page.total : selection.userNames.length;
  return { count, profiles: page.filterOptions.profiles, owners: page.filterOptions.owners };
}

export type BulkRun = { answer: BulkAnswer } | { refusal: string; status: number };

/** The bulk call; a refusal of the whole call (unknown profile or owner, too many, …) comes back as a message key. */
export async function runBulk(
  args: DataFunctionArgs,
  recruiter: RecruiterContext,
  action: BulkAction,
  values: Record<string, string>,
  selection: SelectionState,
): Promise<BulkRun> {
  const result = await withRecruiterUpstream(args, recruiter, async (): Promise<BulkRun> => {
    try {
      return {
        answer: await runBulkAction(
          args.context,
          recruiter.session,
          recruiter.cstm,
          upstreamAction(action, values),
          upstreamSelection(selection),
        ),
      };
    } catch (error) {
      // Taken before withRecruiterUpstream sees it: that one makes every 404 the invalid-link page (E02).
      const code = error instanceof UpstreamError ? ((error.body ?? {}) as { error?: unknown }).error : undefined;
      if (error instanceof UpstreamError && typeof code === "string" && Object.hasOwn(CALL_MESSAGES, code) && error.status! < 500) {
        return { refusal: CALL_MESSAGES[code], status: error.status! };
      }
      throw error;
    }
  });
  if ("refusal" in result && result.status === 429) logRefusal(args, recruiter, `bulk-${action}`);
  if ("answer" in result) {
    // Who, what and how many; never whom (docs/decisions/171): the upstream's audit rows name each applicant.
    args.context.logger.info(
      {
        recruiterAction: {
          cstm: recruiter.cstm,
          recruiter: recruiter.recruiter.userName,
          intent: `bulk-${action}`,
          changed: result.answer.changed,
          refused: result.answer.refused,
        },
      },
      "recruiter action",
    );
  }
  return result;
}
