import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { deferredModule } from "~/components/deferred";
import { AssessmentErrorBoundary } from "~/assessment/error-boundary";
import { assessmentLinks } from "~/assessment/route-module";
import { AssessmentFrame } from "~/assessment/assessment-frame";
import { finishAssessmentModule, transitionView } from "~/assessment/finish.server";
import { formView, keepDraft, requireFormModule } from "~/assessment/form.server";
import { frameView, openEngineSessionEarly } from "~/assessment/frame.server";
import {
  assessmentPath,
  draftKey,
  findAssessmentModule,
  loadAssessmentModule,
  loadContainers,
  requireAssessmentTarget,
} from "~/assessment/module.server";
import { TransitionScreen } from "~/assessment/transition-screen";
import { formModuleSchema, givenValues } from "~/forms/form-module.server";
import { useTranslation } from "~/i18n/react";
import { trackPicatNavigation } from "~/upstream/assessment.server";
import { readFormData } from "~/forms/form-data.server";

/**
 * assessment/{moduleId} (R-RTE-02, R-SCR-12): a finished module shows the transition screen; an open
 * one its screen by component id: the Form module's form, or the embedded assessment frame.
 */
export const links = assessmentLinks;

/**
 * The Form module's form and its field helpers load apart (decision 162): a frame or transition page
 * never needs them. The server renders the form; in the browser it keeps that HTML (a plain POST form)
 * until its chunk is in, then hydrates it.
 */
const FormModule = deferredModule(() => import("~/assessment/form-module"), "form module").component((module) => module.FormModule);

export async function loader(args: LoaderFunctionArgs) {
  const target = await requireAssessmentTarget(args);
  const early = openEngineSessionEarly(args.request, args.context, target);
  const loaded = findAssessmentModule(target, await loadContainers(args, target));
  if (loaded.finished) return { view: "transition" as const, ...transitionView(loaded) };
  if (loaded.screen === "form") return formView(args.request, args.context, loaded);
  return frameView(args.request, args.context, loaded, early);
}

type ActionResult = { result: SubmissionResult<string[]> } | { refused: "skip" };

export async function action(args: ActionFunctionArgs) {
  const formData = await readFormData(args.request);
  const intent = formData.get("intent");
  if (intent === "review") return reviewForm(args, formData);
  if (intent === "skip") return skipModule(args);
  return data({ error: "unknown intent" }, { status: 400 });
}

/** A Form module's answers: kept as the draft first, then checked against the server's definition. */
async function reviewForm(args: ActionFunctionArgs, formData: FormData) {
  const loaded = await keepDraft(args, formData);
  const { definition } = await requireFormModule(args.context, loaded, "form");
  const submission = parseWithZod(formData, { schema: formModuleSchema(definition) });
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  await args.context.services.draftStore.put(draftKey(loaded), givenValues(submission.value));
  throw redirect(assessmentPath(loaded.cstm, loaded.moduleId, "summary"));
}

/** R-ENT-06: a training module may be finished without its engine session; nothing else may. */
async function skipModule(args: ActionFunctionArgs) {
  const loaded = await loadAssessmentModule(args);
  if (!loaded.module.isTraining || !loaded.module.canDiscontinue) {
    return data<ActionResult>({ refused: "skip" }, { status: 403 });
  }
  if (!loaded.finished) {
    const answer = await finishAssessmentModule(args.context, loaded);
    if (answer.kind !== "finished") return data<ActionResult>({ refused: "skip" }, { status: 409 });
    void trackPicatNavigation(args.context, loaded.session, {
      profileId: loaded.profileId,
      componentId: loaded.module.componentId,
      action: "skipped",
    });
  }
  throw redirect(assessmentPath(loaded.cstm, loaded.moduleId));
}

export default function AssessmentRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation("assessment");
  if (page.view === "transition") return <TransitionScreen {...page} />;
  if (page.view === "frame") {
    return <AssessmentFrame {...page} refused={Boolean(actionData && "refused" in actionData)} />;
  }
  return (
    <section className="card assessment-form" aria-labelledby="form-title">
      <h1 id="form-title">{page.title}</h1>
      <p>{t("form.intro")}</p>
      <FormModule
        formId={page.formId}
        fields={page.fields}
        values={page.values}
        constraint={page.constraint}
        focus={page.focus}
        draftAction={page.draftAction}
        lastResult={actionData && "result" in actionData ? actionData.result : null}
      />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) =>
  page ? [{ title: page.view === "form" ? page.title : page.moduleName }] : [];

export const ErrorBoundary = AssessmentErrorBoundary;
