import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { keepDraft } from "~/assessment/form.server";
import { assessmentPath, requireAssessmentTarget } from "~/assessment/module.server";
import { readFormData } from "~/forms/form-data.server";

/**
 * With JavaScript, the form module posts its answers here whenever a field is left (a plain fetch, so
 * no page data is reloaded), and a reload loses nothing typed. Without JavaScript the answers become
 * the draft when the form is sent. A resource route: it answers 204 and renders nothing.
 */
export async function action(args: ActionFunctionArgs) {
  await keepDraft(args, await readFormData(args.request));
  return new Response(null, { status: 204 });
}

/** Nothing to show here: a visitor who opens the address gets the module's page. */
export async function loader(args: LoaderFunctionArgs) {
  const target = await requireAssessmentTarget(args);
  throw redirect(assessmentPath(target.cstm, target.moduleId));
}
