import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AssessmentErrorBoundary } from "~/assessment/error-boundary";
import { FormAnswers } from "~/assessment/form-answers";
import { loadFormAnswers } from "~/assessment/form.server";
import { assessmentPath, draftKey } from "~/assessment/module.server";
import { assessmentLinks, titleMeta } from "~/assessment/route-module";
import { upstreamFormValues } from "~/forms/form-module.server";
import { FormErrors } from "~/forms/field";
import { useTranslation } from "~/i18n/react";
import { trackFormAction } from "~/upstream/assessment.server";
import { saveFormModuleData } from "~/upstream/forms.server";
import { readFormData } from "~/forms/form-data.server";

/**
 * R-SCR-03: the summary of a Form module's answers, each with its edit link, and the save (R-FORM-01:
 * summary → save → success). The answers are the server-side draft, checked again against the server's
 * own form definition; an incomplete draft goes back to the form.
 */
export const links = assessmentLinks;

export async function loader(args: LoaderFunctionArgs) {
  const { loaded, view } = await loadFormAnswers(args, "summary");
  return { ...view, formHref: assessmentPath(loaded.cstm, loaded.moduleId) };
}

export async function action(args: ActionFunctionArgs) {
  const intent = (await readFormData(args.request)).get("intent");
  if (intent !== "save") return data({ formErrors: ["validation:invalid"] }, { status: 400 });
  // A fresh definition and one-time submission token; already saved → the success page.
  const { loaded, formData, values } = await loadFormAnswers(args, "summary");
  const { definition, submissionToken } = formData;
  const saved = submissionToken
    ? await saveFormModuleData(args.context, definition.identifier, submissionToken, upstreamFormValues(definition, values))
    : ({ kind: "already-saved" } as const);
  if (saved.kind === "invalid") {
    // The upstream refused what our own check let through: say so, keep the draft for editing.
    args.context.logger.warn({ fields: saved.fields }, "form values refused by the upstream");
    return data({ formErrors: ["assessment:summary.saveRefused"] }, { status: 400 });
  }
  await args.context.services.draftStore.delete(draftKey(loaded));
  if (saved.kind === "saved") {
    void trackFormAction(args.context, loaded.session, {
      profileId: loaded.profileId,
      componentId: loaded.module.componentId,
      action: "form-saved",
      target: definition.identifier,
    });
  }
  throw redirect(assessmentPath(loaded.cstm, loaded.moduleId, "saved"));
}

export default function FormSummaryRoute() {
  const { title, answers, formHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("assessment");
  return (
    <section className="card assessment-summary" aria-labelledby="summary-title">
      <h1 id="summary-title">{t("summary.title", { title })}</h1>
      <p>{t("summary.intro")}</p>
      <FormErrors id="summary-errors" errors={actionData?.formErrors} focus />
      <FormAnswers answers={answers} editHref={(name) => `${formHref}?field=${encodeURIComponent(name)}`} />
      <Form method="post" className="assessment-actions">
        <button type="submit" name="intent" value="save" className="button button-primary" disabled={navigation.state === "submitting"}>
          {t("summary.save")}
        </button>
        <Link to={formHref}>{t("summary.back")}</Link>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = titleMeta;

export const ErrorBoundary = AssessmentErrorBoundary;
