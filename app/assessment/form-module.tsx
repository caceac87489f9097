import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { FocusEvent } from "react";
import { Field, FormErrors, RadioGroupField, SelectField, TextareaField } from "~/forms/field";
import { useFormState, type FieldConstraint, type FieldState } from "~/forms/form-state";
import { useTranslation } from "~/i18n/react";
import type { FieldView } from "./form.server";

export interface FormModuleProps {
  formId: string;
  fields: FieldView[];
  values: Record<string, string>;
  constraint: Record<string, FieldConstraint>;
  focus: string | null;
  /** Where leaving a field keeps the draft (with JavaScript). */
  draftAction: string;
  lastResult?: SubmissionResult<string[]> | null;
}

function FormModuleControl({ spec, field, autoFocus }: { spec: FieldView; field: FieldState; autoFocus: boolean }) {
  const { t } = useTranslation("assessment");
  const common = { field, optional: !spec.required, autoFocus };
  switch (spec.type) {
    case "select":
      return <SelectField {...common} label={spec.label} options={spec.options} placeholder={t("form.choose")} />;
    case "radio":
      return <RadioGroupField {...common} legend={spec.label} options={spec.options} />;
    case "textarea":
      return <TextareaField {...common} label={spec.label} />;
    default:
      return <Field {...common} label={spec.label} type={spec.type} autoComplete={spec.type === "email" ? "email" : undefined} />;
  }
}

/**
 * The multi-field form of a Form module (R-VAL-06). Without JavaScript it is a plain POST form whose
 * answer is the summary or the form again with the server's messages. With JavaScript, leaving a field
 * also keeps the answers as the server-side draft, so a reload loses nothing typed.
 */
export function FormModule({ formId, fields, values, constraint, focus, draftAction, lastResult }: FormModuleProps) {
  const { t } = useTranslation("assessment");
  const navigation = useNavigation();
  const names = fields.map((field) => field.name);
  const { form, fields: states } = useFormState(formId, names, { lastResult, constraint, defaultValue: values });
  // Without JavaScript the browser focuses the field an edit link named, or the first one in error.
  const focused = focus ?? fields.find((field) => states[field.name].errors?.length)?.name ?? null;
  // A plain fetch, not a Remix fetcher: keeping the draft must not reload any page data, nor race
  // with the form's own submission. keepalive: it is still sent when the page is being left.
  const keepDraft = (event: FocusEvent<HTMLFormElement>) => {
    void fetch(draftAction, { method: "POST", body: new FormData(event.currentTarget), keepalive: true }).catch(() => undefined);
  };
  return (
    <Form method="post" id={form.id} noValidate onBlur={keepDraft} aria-describedby={form.errors ? form.errorId : undefined}>
      <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} />
      {fields.map((spec) => (
        <FormModuleControl key={spec.name} spec={spec} field={states[spec.name]} autoFocus={focused === spec.name} />
      ))}
      <button type="submit" name="intent" value="review" className="button button-primary" disabled={navigation.state === "submitting"}>
        {t("form.review")}
      </button>
    </Form>
  );
}
