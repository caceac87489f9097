import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { feedbackAction, feedbackPageRedirect } from "~/dashboard/feedback.server";

/**
 * The feedback modal's action (spec §4 "Feedback modal"), reachable from every page that hosts the
 * modal in any area (AREA_INDEPENDENT_ROUTES, docs/decisions/073). It always redirects: back to the
 * page with the modal open after a refused submission, without it after a sent one.
 */
export function action(args: ActionFunctionArgs) {
  return feedbackAction(args);
}

/** Not a page: a reload of the action's address opens the modal where it came from. */
export function loader(args: LoaderFunctionArgs) {
  return feedbackPageRedirect(args);
}

export default function Feedback() {
  return null;
}
