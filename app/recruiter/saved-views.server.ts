import type { AppLoadContext } from "@remix-run/node";
import type { AppSession } from "~/session/session.server";
import { listViews, type SavedView } from "~/upstream/recruiter/navigation.server";
import { recruiterPath } from "./paths";
import type { SavedViewsProps } from "./saved-views";

/**
 * The saved views as the list page and the views page show them (docs/decisions/188). A view is the list's query
 * without a page; the one the list shows now is marked as the current one. A failed question shows no views
 * rather than no list.
 */
export const VIEW_NAME_MAX = 60;

export function askViews(context: AppLoadContext, session: AppSession, cstm: string): Promise<SavedView[]> {
  return listViews(context, session, cstm).catch((error: unknown) => {
    context.logger.warn({ err: error }, "saved views unavailable");
    return [];
  });
}

/** The list's query as a view keeps it: no page (a view opens on its first page). */
export function viewQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  return params.toString();
}

export function savedViewsProps(cstm: string, views: SavedView[], list: string, failure?: SavedViewsProps["failure"]): SavedViewsProps {
  const listPath = recruiterPath(cstm, "/applicants");
  const current = viewQuery(list);
  return {
    action: recruiterPath(cstm, "/views"),
    list: current,
    failure,
    views: views.map((view) => ({
      id: view.id,
      name: view.name,
      href: view.query ? `${listPath}?${view.query}` : listPath,
      current: view.query === current,
    })),
  };
}
