import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readFormBody } from "~/forms/form-data.server";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { BulkConfirmation, BulkParameters, BulkTitle, describeChange, type BulkView } from "~/recruiter/bulk-confirm";
import { PARAMETER_ACTIONS, readBulkForm } from "~/recruiter/bulk-form";
import { bulkOptions, runBulk } from "~/recruiter/bulk.server";
import { listSearch } from "~/recruiter/list-query";
import { recruiterPath, requireRecruiter } from "~/recruiter/session.server";
import { commitSession } from "~/session/request.server";

/**
 * /{cstm}/recruiter/bulk (docs/decisions/183): the confirmation step of a bulk action. The list's POST form brings the
 * selection and the action here; the page asks for the action's parameters (profile, status, owner, date), then names
 * the change and how many applicants it reaches, and its button posts `confirmed=yes`. Every step is a POST form that
 * carries the selection and what was typed, so a message never loses either. The result goes to the session once and
 * the result page (/{cstm}/recruiter/bulk/done) shows it (POST-redirect-GET). Outside /applicants/…, where any word
 * could be an applicant's user name.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader(args: LoaderFunctionArgs) {
  const { language } = await requireRecruiter(args);
  return { title: getTranslator(language, "recruiter")("bulk.documentTitle") };
}

export async function action(args: ActionFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const formData = await readFormBody(args.request);
  const step = formData.get("step");
  // The parameters are checked once the page showed the fields of this action (changing the action shows its own).
  const shownFor = formData.get("shownAction");
  const state = readBulkForm(formData, step === "confirm" || (step === "parameters" && shownFor === formData.get("action")));
  const options = await bulkOptions(args, recruiter, state.selection);
  const view = (stage: BulkView["stage"], errors = state.errors): BulkView => ({ ...state, errors, stage, options });

  const needsParameters = state.action !== null && PARAMETER_ACTIONS.includes(state.action);
  if (Object.keys(state.errors).length > 0)
    return data(view(step === "confirm" && !needsParameters ? "confirm" : "parameters"), { status: 400 });
  const checked = step === "confirm" || (step === "parameters" && shownFor === state.action);
  if (!checked) return view(needsParameters ? "parameters" : "confirm");
  if (step !== "confirm") return view("confirm");
  if (formData.get("confirmed") !== "yes") return data(view("confirm", { "": "recruiter:bulk.errors.confirmRequired" }), { status: 400 });

  const run = await runBulk(args, recruiter, state.action!, state.values, state.selection!);
  if ("refusal" in run) return data(view(needsParameters ? "parameters" : "confirm", { "": run.refusal }), { status: run.status });
  const { answer } = run;
  recruiter.session.flash("recruiterBulkResult", {
    action: state.action!,
    change: describeChange(getTranslator(recruiter.language, "recruiter"), recruiter.language, state.action!, state.values, options),
    listSearch: listSearch(state.listValues, {}),
    changed: answer.changed,
    unchanged: answer.unchanged,
    refused: answer.refused,
    results: answer.results,
  });
  throw redirect(recruiterPath(recruiter.cstm, "/bulk/done"), {
    headers: { "Set-Cookie": await commitSession(args.context, recruiter.session) },
  });
}

export default function BulkConfirm() {
  const view = useActionData<typeof action>();
  const { t } = useTranslation("recruiter");
  useLoaderData<typeof loader>();
  if (!view) {
    // Reached without the list's form (a bookmark, a reload after the result): nothing is selected here.
    return (
      <section aria-labelledby="bulk-title">
        <BulkTitle listValues={{}} />
        <p>{t("bulk.errors.noSelection")}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="bulk-title">
      <BulkTitle listValues={view.listValues} />
      {view.stage === "parameters" ? <BulkParameters view={view} /> : <BulkConfirmation view={view} />}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
