import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AssessmentErrorBoundary } from "~/assessment/error-boundary";
import { FormAnswers } from "~/assessment/form-answers";
import { answersView, formHeading, requireFormModule } from "~/assessment/form.server";
import { assessmentPath, draftKey, loadAssessmentModule, type AssessmentModule } from "~/assessment/module.server";
import { formModuleSchema, givenValues, upstreamFormValues } from "~/forms/form-module.server";
import { FormErrors } from "~/forms/field";
import { useTranslation } from "~/i18n/react";
import stylesUrl from "~/styles/assessment.css?url";
import { trackFormAction } from "~/upstream/assessment.server";
import { saveFormModuleData, type FormModuleData } from "~/upstream/forms.server";
import { readFormData } from "~/forms/form-data.server";

/**
 * R-SCR-03: the summary of a Form module's answers, each with its edit link, and the save (R-FORM-01:
 * summary → save → success). The answers are the server-side draft, checked again against the server's
 * own form definition; an incomplete draft goes back to the form.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

/** The draft as valid values, or a redirect to the form, which shows what is missing. */
async function requireCompleteDraft(context: LoaderFunctionArgs["context"], loaded: AssessmentModule, formData: FormModuleData) {
  const draft = await context.services.draftStore.get(draftKey(loaded));
  const parsed = draft ? formModuleSchema(formData.definition).safeParse(draft) : null;
  if (!parsed?.success) throw redirect(assessmentPath(loaded.cstm, loaded.moduleId));
  return givenValues(parsed.data);
}

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadAssessmentModule(args);
  const formData = await requireFormModule(args.context, loaded, "summary");
  const values = await requireCompleteDraft(args.context, loaded, formData);
  return {
    ...formHeading(loaded, formData.definition),
    answers: answersView(loaded, formData.definition, values),
    formHref: assessmentPath(loaded.cstm, loaded.moduleId),
  };
}

export async function action(args: ActionFunctionArgs) {
  const intent = (await readFormData(args.request)).get("intent");
  if (intent !== "save") return data({ formErrors: ["validation:invalid"] }, { status: 400 });
  const loaded = await loadAssessmentModule(args);
  // A fresh definition and one-time submission token; already saved → the success page.
  const formData = await requireFormModule(args.context, loaded, "summary");
  const values = await requireCompleteDraft(args.context, loaded, formData);
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
      <FormErrors id="summary-errors" errors={actionData?.formErrors} />
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

export const meta: MetaFunction<typeof loader> = ({ data: page }) => (page ? [{ title: page.title }] : []);

export const ErrorBoundary = AssessmentErrorBoundary;
