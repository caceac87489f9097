import type { AppLoadContext } from "@remix-run/node";
import type { AppSession } from "~/session/session.server";
import { UpstreamError } from "~/upstream/failures.server";
import { listApplicants, type ApplicantPage } from "~/upstream/recruiter/list.server";
import type { ListParameter, ListQueryState } from "./list-query";

/** The upstream's words for a result parameter it refused (docs/api.md), as the field's message. */
const REFUSALS: Record<string, string> = {
  unknown_profile: "list.errors.choice",
  unknown_scale: "list.errors.unknownScale",
  requires_results: "list.errors.needsResults",
  range_order: "list.errors.numberOrder",
};

const RESULT_PARAMETER = /^(results|sort|ratingMin|ratingMax|norm\d{1,9}(Min|Max))$/;

/**
 * The list page, and the result parameters the upstream refused (docs/decisions/184): whether a scale belongs
 * to the chosen test only the upstream knows. A refused parameter gets its message at the field and the list
 * is asked again without it, so the rest of the list stays (never a 500).
 */
export async function listWithResults(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  query: ListQueryState,
  language: string,
): Promise<ApplicantPage> {
  const upstream: Record<string, string> = { ...query.upstream, ...(query.upstream.results ? { language } : {}) };
  try {
    return await listApplicants(context, session, cstm, upstream);
  } catch (error) {
    const refused = refusedParameters(error);
    if (!refused) throw error;
    for (const [name, code] of refused) {
      query.errors[name] = REFUSALS[code] ?? "list.errors.choice";
      if (name === "sort") {
        upstream.sort = "name";
        query.sort = "name";
      } else delete upstream[name];
      // Without the test, its filters mean nothing.
      if (name === "results")
        for (const other of Object.keys(upstream)) if (RESULT_PARAMETER.test(other) && other !== "sort") delete upstream[other];
    }
    return listApplicants(context, session, cstm, upstream);
  }
}

function refusedParameters(error: unknown): [ListParameter, string][] | null {
  if (!(error instanceof UpstreamError) || error.status !== 400) return null;
  const data = ((error.body ?? {}) as { data?: unknown }).data;
  if (!data || typeof data !== "object") return null;
  const entries = Object.entries(data as Record<string, unknown>);
  if (entries.length === 0 || !entries.every(([name, code]) => RESULT_PARAMETER.test(name) && typeof code === "string")) return null;
  return entries as [ListParameter, string][];
}
