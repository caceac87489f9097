import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { currentApplicant } from "~/account/session.server";
import { requireCustomer } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";
import { playerEventOf, trackInBackground, videoArchive } from "~/videos/archive.server";

/**
 * POST /{cstm}/track-video: the video player's play, pause and ended (with JavaScript, a background
 * fetch) go on to POST /api/trackVideoAction. Not a page (AREA_INDEPENDENT_ROUTES). Tracking never
 * breaks anything: the answer is 204 whether or not the call succeeds; only malformed input is 400.
 */
const NO_CONTENT = { status: 204, headers: { "Cache-Control": "no-store" } };

export async function action(args: ActionFunctionArgs) {
  const customer = await requireCustomer(args);
  const signedIn = currentApplicant(customer.session, customer.cstm);
  if (!signedIn) return new Response(null, NO_CONTENT);
  const applicant = { ...customer, applicant: signedIn };
  const form = await args.request.formData().catch(() => null);
  const event = form && playerEventOf(form, videoArchive(args, applicant));
  if (!event) return new Response(null, { status: 400, headers: NO_CONTENT.headers });
  trackInBackground(args.context, applicant, event);
  return new Response(null, NO_CONTENT);
}

/** Nothing to show: a GET goes to the customer's start page. */
export async function loader(args: LoaderFunctionArgs) {
  const { cstm } = await requireCustomer(args);
  throw redirect(customerPath(cstm));
}
