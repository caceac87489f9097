import { tooManyAttempts } from "~/account/rate-limit.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod, getZodConstraint } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireCustomer } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";
import { paragraphsOf } from "~/domain/text";
import { CheckboxField, Field, FormErrors } from "~/forms/field";
import { useFormState } from "~/forms/form-state";
import { Honeypot } from "~/forms/honeypot";
import { HONEYPOT_MESSAGE } from "~/forms/honeypot.server";
import { newsletterSchema } from "~/forms/newsletter";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { ModalLink } from "~/modals/modal-link";
import { loadOpenModals } from "~/modals/modals.server";
import { privacyModal } from "~/modals/privacy";
import { loadPrivacyModal } from "~/modals/privacy.server";
import { SecondaryCalls } from "~/errors/secondary.server";
import { defineModals, revalidateUnlessModalsClose } from "~/modals/route-modals";
import { commitSession } from "~/session/request.server";
import { submitNewsletterSignUp } from "~/upstream/custom-submit.server";
import { readFormData } from "~/forms/form-data.server";
import { isRateLimited } from "~/forms/upstream-errors.server";

export const handle: RouteHandle = { modals: defineModals({ privacy: privacyModal }) };

/**
 * The preview area's newsletter page (R-RTE-06): the customer's newsletter text and a sign-up form
 * that the action posts to the upstream through the generic custom-URL submit. Public: visitors
 * sign up without an account (docs/decisions/063).
 */
export async function loader(args: LoaderFunctionArgs) {
  const customer = await requireCustomer(args);
  const { cstm, config, language } = customer;
  const configured = config.texts[language]?.newsletter;
  const secondary = new SecondaryCalls(args, "routes/$cstm.newsletter");
  const modals = await loadOpenModals(args.request, { privacy: () => loadPrivacyModal(args.context, customer, secondary) });
  return {
    title: getTranslator(language)("newsletter.documentTitle", { customer: config.name || cstm }),
    text: typeof configured === "string" && configured.trim() ? configured : null,
    constraint: getZodConstraint(newsletterSchema),
    modals,
    ...(await secondary.shown()),
    honeypot: args.context.services.honeypot.inputProps(),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { cstm, language, session } = await requireCustomer(args);
  const formData = await readFormData(args.request);
  const submission = parseWithZod(formData, { schema: newsletterSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // A bot filled the invisible field or posted at once: nothing is sent upstream, the input is kept.
  if (args.context.services.honeypot.isSpam(formData))
    return data({ result: submission.reply({ formErrors: [HONEYPOT_MESSAGE] }) }, { status: 400 });
  if (await tooManyAttempts(args.context, `newsletter:${cstm}`, submission.value.email)) {
    return data({ result: submission.reply({ formErrors: ["auth:tooManyAttempts"] }) }, { status: 429 });
  }
  // An upstream failure throws its catalogue error to the error boundary (STYLE: one error path),
  // but one too many is the form's to say, with the address kept (decision 103).
  try {
    await submitNewsletterSignUp(args.context, cstm, { email: submission.value.email, language });
  } catch (error) {
    if (isRateLimited(error)) return data({ result: submission.reply({ formErrors: ["auth:tooManyAttempts"] }) }, { status: 429 });
    throw error;
  }
  session.flash("notice", "common:newsletter.thanks");
  return redirect(customerPath(cstm, "/newsletter"), {
    headers: { "Set-Cookie": await commitSession(args.context, session) },
  });
}

export default function NewsletterRoute() {
  const { text, constraint, honeypot } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  const navigation = useNavigation();
  const { t } = useTranslation("common", ["newsletter.submitting"]);
  const { form, fields } = useFormState("newsletter", ["email", "consent"], { lastResult: actionData?.result, constraint });
  const submitting = navigation.state === "submitting";
  return (
    <>
      <section className="card" aria-labelledby="newsletter-title">
        <h1 id="newsletter-title">{t("newsletter.title")}</h1>
        <div className="customer-text">
          {text ? paragraphsOf(text).map((paragraph, index) => <p key={index}>{paragraph}</p>) : <p>{t("newsletter.text")}</p>}
        </div>
      </section>
      <section className="card" aria-labelledby="newsletter-form-title">
        <h2 id="newsletter-form-title">{t("newsletter.formTitle")}</h2>
        <Form method="post" id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
          <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} />
          <Field field={fields.email} label={t("newsletter.email")} type="email" autoComplete="email" />
          <CheckboxField
            field={fields.consent}
            label={
              <>
                {t("newsletter.consent")} <ModalLink modal="privacy">{t("privacyModal.title")}</ModalLink>
              </>
            }
          />
          <Honeypot inputs={honeypot} />
          <button type="submit" className="button button-primary" disabled={submitting}>
            {submitting ? t("newsletter.submitting") : t("newsletter.submit")}
          </button>
        </Form>
      </section>
    </>
  );
}

export const shouldRevalidate = revalidateUnlessModalsClose;

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
