import { redirect, type AppLoadContext } from "@remix-run/node";
import type { DataFunctionArgs } from "~/customer/customer.server";
import { getZodConstraint } from "@conform-to/zod";
import { localized, optionLabel, type FormDefinition, type FormFieldType } from "~/domain/form-definition";
import { formModuleSchema, givenValues } from "~/forms/form-module.server";
import { formatDate } from "~/i18n/format-date";
import { getFormModuleData, type FormModuleData } from "~/upstream/forms.server";
import { trackFormAction } from "~/upstream/assessment.server";
import { takeResumedValues } from "~/account/session.server";
import { draftValuesFrom } from "./draft-store.server";
import {
  assessmentPath,
  draftKey,
  loadAssessmentModule,
  loadContainers,
  locateAssessmentModule,
  notFound,
  requireAssessmentTarget,
  type AssessmentModule,
} from "./module.server";

/**
 * Form modules (spec §4 Forms, R-FORM-01, R-SCR-03/04): form → summary → save → success. The form
 * definition is the upstream's; every page reads it again on the server, so what the browser posts
 * is checked against the server's own copy.
 */
export type FormPage = "form" | "summary" | "saved";

/** Loads the form data of a Form module, or sends the visitor to the page that fits its state. */
export async function requireFormModule(context: AppLoadContext, loaded: AssessmentModule, page: FormPage): Promise<FormModuleData> {
  const here = (target: "" | "summary" | "saved") => assessmentPath(loaded.cstm, loaded.moduleId, target);
  // A finished module shows its transition screen; a frame module has no form pages.
  if (loaded.finished || loaded.screen !== "form" || !loaded.module.formIdentifier) throw redirect(here(""));
  const formData = await getFormModuleData(context, loaded.session, loaded.module.formIdentifier, loaded.profileId);
  if (formData.saved) {
    // R-FORM-01: after saving, no change is possible; whatever was still drafted is obsolete.
    await context.services.draftStore.delete(draftKey(loaded));
    if (page !== "saved") throw redirect(here("saved"));
  } else if (page === "saved") {
    throw redirect(here(""));
  }
  return formData;
}

/**
 * Keeps posted answers as the module's draft, before any upstream call: should the upstream session
 * have ended, what was typed is still there after the next login. Then makes sure the module is an
 * open Form module of the profile; otherwise the draft goes again, so nobody fills the store with
 * made-up module ids.
 */
export async function keepDraft(args: DataFunctionArgs, formData: FormData): Promise<AssessmentModule> {
  const target = await requireAssessmentTarget(args);
  const drafts = args.context.services.draftStore;
  await drafts.put(draftKey(target), draftValuesFrom(formData.entries(), ["intent"]));
  const loaded = locateAssessmentModule(target, await loadContainers(args, target));
  if (!loaded || loaded.screen !== "form" || loaded.finished) {
    await drafts.delete(draftKey(target));
    throw loaded ? redirect(assessmentPath(target.cstm, target.moduleId)) : notFound(target);
  }
  return loaded;
}

export function formDomId(definition: FormDefinition): string {
  return `form-${definition.identifier.replace(/[^A-Za-z0-9_-]/g, "")}`;
}

export interface FieldView {
  name: string;
  type: FormFieldType;
  label: string;
  required: boolean;
  options: { value: string; label: string }[];
}

export interface FormHeading {
  formId: string;
  title: string;
  moduleName: string;
}

export function formHeading(loaded: AssessmentModule, definition: FormDefinition): FormHeading {
  const title = localized(definition.title, loaded.language, loaded.config.languages);
  return { formId: formDomId(definition), title: title || loaded.module.displayName, moduleName: loaded.module.displayName };
}

/** The form page: fields in the request's language, the draft as the values, the field to focus. */
export async function formView(request: Request, context: AppLoadContext, loaded: AssessmentModule) {
  const formData = await requireFormModule(context, loaded, "form");
  const { definition } = formData;
  const languages = loaded.config.languages;
  let draft = await context.services.draftStore.get(draftKey(loaded));
  // Decision 126: what was posted into the expired session becomes the draft after the sign-in.
  const resumed = await takeResumedValues(context, loaded, assessmentPath(loaded.cstm, loaded.moduleId));
  if (resumed) {
    draft = { ...draft, ...draftValuesFrom(Object.entries(resumed), ["intent"]) };
    await context.services.draftStore.put(draftKey(loaded), draft);
  }
  void trackFormAction(context, loaded.session, {
    profileId: loaded.profileId,
    componentId: loaded.module.componentId,
    action: "form-opened",
    target: definition.identifier,
  });
  const focus = new URL(request.url).searchParams.get("field");
  const fields: FieldView[] = definition.fields.map((field) => ({
    name: field.name,
    type: field.type,
    label: localized(field.label, loaded.language, languages),
    required: field.required,
    options: field.options.map((option) => ({ value: option.value, label: localized(option.label, loaded.language, languages) })),
  }));
  return {
    view: "form" as const,
    ...formHeading(loaded, definition),
    fields,
    values: draft ?? {},
    constraint: getZodConstraint(formModuleSchema(definition)),
    focus: fields.some((field) => field.name === focus) ? focus : null,
    draftAction: assessmentPath(loaded.cstm, loaded.moduleId, "draft"),
  };
}

export interface AnswerView {
  name: string;
  question: string;
  /** The answer as shown: option labels, dates in the language's format; null when not given. */
  answer: string | null;
  multiline: boolean;
}

/** The draft as valid values, or a redirect to the form, which shows what is missing (R-SCR-03). */
export async function requireCompleteDraft(context: AppLoadContext, loaded: AssessmentModule, formData: FormModuleData) {
  const draft = await context.services.draftStore.get(draftKey(loaded));
  const parsed = draft ? formModuleSchema(formData.definition).safeParse(draft) : null;
  if (!parsed?.success) throw redirect(assessmentPath(loaded.cstm, loaded.moduleId));
  return givenValues(parsed.data);
}

/**
 * The pages that show a Form module's answers read-only: the summary shows the
 * complete draft (R-SCR-03), the success page the saved values (R-SCR-04). Their loaders and the
 * summary's save share this: the module, its form data (or the redirect that fits its state), the
 * values and the page's heading and answers.
 */
export async function loadFormAnswers(args: DataFunctionArgs, page: "summary" | "saved") {
  const loaded = await loadAssessmentModule(args);
  const formData = await requireFormModule(args.context, loaded, page);
  const values = page === "summary" ? await requireCompleteDraft(args.context, loaded, formData) : (formData.values ?? {});
  const view = { ...formHeading(loaded, formData.definition), answers: answersView(loaded, formData.definition, values) };
  return { loaded, formData, values, view };
}

/** R-SCR-03: question and answer per field, in the definition's order. */
export function answersView(loaded: AssessmentModule, definition: FormDefinition, values: Record<string, string>): AnswerView[] {
  const { language } = loaded;
  const languages = loaded.config.languages;
  return definition.fields.map((field) => {
    const value = values[field.name]?.trim() || null;
    let answer = value;
    if (value && (field.type === "select" || field.type === "radio")) answer = optionLabel(field, value, language, languages);
    if (value && field.type === "date") answer = formatDate(value, language);
    return { name: field.name, question: localized(field.label, language, languages), answer, multiline: field.type === "textarea" };
  });
}
