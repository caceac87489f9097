import type { AppLoadContext } from "@remix-run/node";
import type { AppSession } from "~/session/session.server";
import { UpstreamError } from "~/upstream/failures.server";
import { applicantNeighbours, type Neighbours } from "~/upstream/recruiter/navigation.server";
import { validListSearch, withList, type ListContext } from "./list-context";
import type { ListNavigationProps } from "./list-navigation";
import { recruiterPath } from "./paths";

/**
 * Where the applicant stands in the list they were opened from (docs/decisions/188), as the applicant page shows
 * it. A neighbour's link carries the list at the page that neighbour is on, so "back to the list" after a few
 * steps lands where the recruiter now is. A failed question leaves out previous/next, never the page.
 */
export function askNeighbours(context: AppLoadContext, session: AppSession, cstm: string, userName: string, list: ListContext) {
  return applicantNeighbours(context, session, cstm, userName, list.query.upstream).catch((error: unknown) => {
    // A refusal (unknown applicant, another customer) is the detail call's to answer, beside this one: only a
    // failure without an answer, or the upstream's own, is worth a log line.
    const status = error instanceof UpstreamError ? error.status : undefined;
    if (status === undefined || status >= 500) context.logger.warn({ err: error }, "applicant neighbours unavailable");
    return null;
  });
}

export function listNavigation(cstm: string, list: ListContext, neighbours: Neighbours | null, anonymous: string): ListNavigationProps {
  const listPath = recruiterPath(cstm, "/applicants");
  const neighbour = (found: Neighbours["previous"]) => {
    if (!found || !neighbours) return null;
    const page = Math.ceil(found.position / neighbours.pageSize);
    const search = validListSearch(list.query, { page: page > 1 ? String(page) : "" });
    return {
      href: withList(`${listPath}/${encodeURIComponent(found.userName)}`, search),
      name: [found.firstName, found.lastName].filter(Boolean).join(" ") || anonymous,
    };
  };
  return {
    listHref: list.search ? `${listPath}?${list.search}` : listPath,
    filtered: list.query.filtered,
    place: neighbours
      ? {
          position: neighbours.position,
          total: neighbours.total,
          previous: neighbour(neighbours.previous),
          next: neighbour(neighbours.next),
        }
      : null,
  };
}
