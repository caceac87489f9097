import { Form, useNavigation } from "@remix-run/react";
import { FEEDBACK_RATINGS } from "~/domain/feedback";
import { FormErrors, RadioGroupField, TextareaField } from "~/forms/field";
import { useFormState } from "~/forms/form-state";
import { useTranslation } from "~/i18n/react";
import type { ModalContentProps } from "~/modals/route-modals";
import type { FeedbackModalData } from "./feedback";

/** The feedback modal's form (feedback.tsx), loaded when the modal opens. */
export function FeedbackContent({ data, titleId }: ModalContentProps<FeedbackModalData>) {
  const { t } = useTranslation("report", ["feedback.submitting"]);
  const navigation = useNavigation();
  const { form, fields } = useFormState("feedback", ["rating", "comment"], {
    lastResult: data?.lastResult,
    constraint: data?.constraint,
  });
  if (!data) return <h2 id={titleId}>{t("feedback.title")}</h2>;
  const sending = navigation.state === "submitting" && navigation.formAction === data.action;
  const ratings = FEEDBACK_RATINGS.map((value) => ({ value, label: t(`feedback.ratings.${value}`) }));
  return (
    <>
      <h2 id={titleId}>{t("feedback.title")}</h2>
      <p>{t("feedback.intro")}</p>
      <Form method="post" action={data.action} id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
        <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} />
        <RadioGroupField field={fields.rating} legend={t("feedback.rating")} options={ratings} autoFocus={Boolean(fields.rating.errors)} />
        <TextareaField field={fields.comment} label={t("feedback.comment")} optional />
        <input type="hidden" name="returnTo" value={data.returnTo} />
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? t("feedback.submitting") : t("feedback.submit")}
        </button>
      </Form>
    </>
  );
}
