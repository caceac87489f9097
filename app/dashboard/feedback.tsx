import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors, RadioGroupField, TextareaField } from "~/forms/field";
import { FEEDBACK_RATINGS } from "~/domain/feedback";
import { useFormState, type FieldConstraint } from "~/forms/form-state";
import { useTranslation } from "~/i18n/react";
import { ModalLink } from "~/modals/modal-link";
import type { ModalContentProps, ModalDefinition } from "~/modals/route-modals";

/**
 * The feedback modal (`?modal=feedback`, spec §4, R-SCR-10): a rating from 1 to 5 and an optional
 * comment. A page that hosts it declares `feedback: feedbackModal` in its handle's modals and loads
 * its data with loadFeedbackModal (feedback.server.ts); the form posts to /{cstm}/feedback.
 */
export interface FeedbackModalData {
  /** Where the form posts (the feedback action route). */
  action: string;
  /** The page the modal is open on, without the modal: where the action goes back to. */
  returnTo: string;
  /** The last refused submission: its errors and the entered values. */
  lastResult: SubmissionResult<string[]> | null;
  constraint: Record<string, FieldConstraint>;
}

function FeedbackContent({ data, titleId }: ModalContentProps<FeedbackModalData>) {
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

export const feedbackModal: ModalDefinition<FeedbackModalData> = { width: "narrow", Content: FeedbackContent };

/** Opens the feedback modal on the current page (shown where feedback is requested). */
export function FeedbackLink() {
  const { t } = useTranslation("report");
  return <ModalLink modal="feedback">{t("feedbackLink")}</ModalLink>;
}
