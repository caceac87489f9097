import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AuthCard } from "~/components/auth-card";
import { requireCustomer } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";
import { Field, FormErrors } from "~/forms/field";
import { useFormState } from "~/forms/form-state";
import { Honeypot } from "~/forms/honeypot";
import { HONEYPOT_MESSAGE } from "~/forms/honeypot.server";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { readFormData } from "~/forms/form-data.server";

export const handle: RouteHandle = { layout: "landing" };

/**
 * Account activation by hand: for applicants whose mail program broke the link, the code from the
 * mail leads to the activation login (activation/{code}/{language}).
 */
const activationSchema = z.object({
  // The pattern runs only on codes within the length (app/forms/patterns.ts); the piped schema
  // repeats the lengths for the form's HTML constraint.
  code: z
    .string({ required_error: "validation:activation.codeRequired" })
    .trim()
    .max(200, "validation:tooLong")
    .pipe(
      z
        .string()
        .min(1, "validation:activation.codeRequired")
        .max(200, "validation:tooLong")
        .regex(/^[A-Za-z0-9_-]+$/, "validation:activation.codeInvalid"),
    ),
});

export async function loader(args: LoaderFunctionArgs) {
  const { cstm, config, language } = await requireCustomer(args);
  const t = getTranslator(language, "auth");
  return {
    loginHref: customerPath(cstm, "/login"),
    constraint: getZodConstraint(activationSchema),
    title: t("activation.documentTitle", { customer: config.name || cstm }),
    honeypot: args.context.services.honeypot.inputProps(),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { cstm, language } = await requireCustomer(args);
  const formData = await readFormData(args.request);
  const submission = parseWithZod(formData, { schema: activationSchema });
  if (submission.status !== "success") {
    return data<{ result: SubmissionResult<string[]> }>({ result: submission.reply() }, { status: 400 });
  }
  if (args.context.services.honeypot.isSpam(formData)) {
    return data<{ result: SubmissionResult<string[]> }>({ result: submission.reply({ formErrors: [HONEYPOT_MESSAGE] }) }, { status: 400 });
  }
  throw redirect(customerPath(cstm, `/activation/${encodeURIComponent(submission.value.code)}/${encodeURIComponent(language)}`));
}

export default function AccountActivationRoute() {
  const { loginHref, constraint, honeypot } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const { form, fields } = useFormState("account-activation", ["code"], { lastResult: actionData?.result, constraint });
  return (
    <AuthCard titleId="activation-title" title={t("activation.title")} loginHref={loginHref}>
      <p>{t("activation.intro")}</p>
      <Form method="post" id={form.id} noValidate>
        <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} namespace="auth" />
        <Field field={fields.code} label={t("activation.code")} autoComplete="one-time-code" />
        <Honeypot inputs={honeypot} />
        <button type="submit" className="button button-primary">
          {t("activation.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
