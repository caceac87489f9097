import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { tooManyAttempts } from "~/account/rate-limit.server";
import { AuthCard } from "~/components/auth-card";
import { requireCustomer } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";
import { Field, FormErrors } from "~/forms/field";
import { useFormState } from "~/forms/form-state";
import { Honeypot } from "~/forms/honeypot";
import { HONEYPOT_MESSAGE } from "~/forms/honeypot.server";
import { forgotPasswordSchema } from "~/forms/passwords";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { resetPasswordByUserName } from "~/upstream/auth.server";
import { UpstreamError } from "~/upstream/failures.server";
import { readFormData } from "~/forms/form-data.server";
import { isRateLimited } from "~/forms/upstream-errors.server";

export const handle: RouteHandle = { layout: "landing" };

/**
 * Forgot password (R-VAL-02): the username; "If we have your username, …" is shown whether or not it
 * exists (no account enumeration); the e-mail failure message when the upstream refuses.
 * R-VAL-09: refused when the customer has registration disabled.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { cstm, config, language } = await requireCustomer(args);
  const t = getTranslator(language, "auth");
  return {
    available: config.passwordSelfService,
    sent: new URL(args.request.url).searchParams.get("sent") === "1",
    loginHref: customerPath(cstm, "/login"),
    constraint: getZodConstraint(forgotPasswordSchema),
    title: t("forgotPassword.documentTitle", { customer: config.name || cstm }),
    honeypot: args.context.services.honeypot.inputProps(),
  };
}

type ActionResult = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { cstm, config, language } = await requireCustomer(args);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (!config.passwordSelfService) {
    return data<ActionResult>({ result: submission.reply({ formErrors: ["auth:passwordUnavailable"] }) }, { status: 403 });
  }
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  const { username } = submission.value;
  if (context.services.honeypot.isSpam(formData))
    return data<ActionResult>({ result: submission.reply({ formErrors: [HONEYPOT_MESSAGE] }) }, { status: 400 });
  if (await tooManyAttempts(context, `password-reset:${cstm}`, username)) {
    return data<ActionResult>({ result: submission.reply({ formErrors: ["auth:tooManyAttempts"] }) }, { status: 429 });
  }
  try {
    await resetPasswordByUserName(context, { cstm, userName: username, language });
  } catch (error) {
    if (isRateLimited(error)) {
      return data<ActionResult>({ result: submission.reply({ formErrors: ["auth:tooManyAttempts"] }) }, { status: 429 });
    }
    // Network trouble is the error view's (API02); a refusal of the upstream means the mail was not sent.
    if (error instanceof UpstreamError && error.status !== undefined) {
      return data<ActionResult>({ result: submission.reply({ formErrors: ["auth:forgotPassword.mailFailed"] }) }, { status: 400 });
    }
    throw error;
  }
  throw redirect(`${customerPath(cstm, "/forgot-password")}?sent=1`);
}

export default function ForgotPasswordRoute() {
  const { available, sent, loginHref, constraint, honeypot } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("auth");
  const { form, fields } = useFormState("forgot-password", ["username"], { lastResult: actionData?.result, constraint });
  return (
    <AuthCard titleId="forgot-title" title={t("forgotPassword.title")} loginHref={loginHref}>
      {!available ? (
        <div className="form-errors" role="alert">
          <p>{t("passwordUnavailable")}</p>
        </div>
      ) : sent ? (
        <p className="notice" role="status">
          {t("forgotPassword.sent")}
        </p>
      ) : (
        <Form method="post" id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
          <p>{t("forgotPassword.intro")}</p>
          <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} namespace="auth" />
          <Field field={fields.username} label={t("login.username")} autoComplete="username" />
          <Honeypot inputs={honeypot} />
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {t("forgotPassword.submit")}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
