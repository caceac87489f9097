import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { AssessmentErrorBoundary } from "~/assessment/error-boundary";
import { finishAssessmentModule } from "~/assessment/finish.server";
import { FormAnswers } from "~/assessment/form-answers";
import { loadFormAnswers, requireFormModule } from "~/assessment/form.server";
import { assessmentPath, loadAssessmentModule } from "~/assessment/module.server";
import { assessmentLinks, titleMeta } from "~/assessment/route-module";
import { customerPath } from "~/domain/customer-path";
import { useTranslation } from "~/i18n/react";
import { readFormData } from "~/forms/form-data.server";

/**
 * R-SCR-04: the success page of a saved Form module: thank you, entries saved (shown read-only, R-FORM-01:
 * no change is possible any more), continue or exit. Both finish the module (R-FIN-01): continue leads to
 * the transition screen (R-FORM-02), exit to the module list (docs/decisions/043).
 */
export const links = assessmentLinks;

export async function loader(args: LoaderFunctionArgs) {
  return (await loadFormAnswers(args, "saved")).view;
}

export async function action(args: ActionFunctionArgs) {
  const intent = (await readFormData(args.request)).get("intent");
  if (intent !== "continue" && intent !== "exit") return data({ error: "unknown intent" }, { status: 400 });
  const loaded = await loadAssessmentModule(args);
  if (!loaded.finished) {
    await requireFormModule(args.context, loaded, "saved");
    const answer = await finishAssessmentModule(args.context, loaded);
    // 409 form_not_saved cannot follow a saved form; should it, the form is where to go.
    if (answer.kind !== "finished") throw redirect(assessmentPath(loaded.cstm, loaded.moduleId));
  }
  throw redirect(intent === "exit" ? customerPath(loaded.cstm, "/home") : assessmentPath(loaded.cstm, loaded.moduleId));
}

export default function FormSavedRoute() {
  const { title, answers } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { t } = useTranslation("assessment");
  const busy = navigation.state === "submitting";
  return (
    <section className="card assessment-saved" aria-labelledby="saved-title">
      <h1 id="saved-title">{t("saved.title")}</h1>
      <p className="notice" role="status">
        {t("saved.text", { title })}
      </p>
      <p>{t("saved.readOnly")}</p>
      <FormAnswers answers={answers} />
      <Form method="post" className="assessment-actions">
        <button type="submit" name="intent" value="continue" className="button button-primary" disabled={busy}>
          {t("saved.continue")}
        </button>
        <button type="submit" name="intent" value="exit" className="button" disabled={busy}>
          {t("saved.exit")}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = titleMeta;

export const ErrorBoundary = AssessmentErrorBoundary;
