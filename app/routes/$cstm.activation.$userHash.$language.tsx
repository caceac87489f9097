import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { languageFromLink } from "~/account/link-language.server";
import { tooManyAttempts } from "~/account/rate-limit.server";
import { AuthCard } from "~/components/auth-card";
import { NewPasswordFields } from "~/components/password-rules";
import { requireCustomer } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";
import { passwordRules } from "~/domain/password-policy";
import { FormErrors } from "~/forms/field";
import { useFormState } from "~/forms/form-state";
import { Honeypot } from "~/forms/honeypot";
import { HONEYPOT_MESSAGE } from "~/forms/honeypot.server";
import { firstPasswordSchema } from "~/forms/passwords";
import { passwordFieldErrors } from "~/forms/upstream-errors.server";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { activateAccount, passwordRequirementsByUserHash, saveNewPassword } from "~/upstream/auth.server";
import { UpstreamError } from "~/upstream/failures.server";
import { readFormData } from "~/forms/form-data.server";

export const handle: RouteHandle = { layout: "landing" };

/**
 * The activation login (activation/{userHash}/{language}): the link activates the account
 * (R-API-03: 403 "already activated" is ignored) and leads to login. An account created without a
 * password (felix) first sets one, with the server's rules by user hash.
 */
export async function loader(args: LoaderFunctionArgs) {
  const customer = await requireCustomer(args);
  const { cstm, config, language } = customer;
  await languageFromLink(args.request, args.context, customer, args.params.language);
  const userHash = args.params.userHash ?? "";
  let passwordRequired = false;
  try {
    passwordRequired = (await activateAccount(args.context, { userIdHash: userHash })).passwordRequired;
  } catch (error) {
    if (!(error instanceof UpstreamError && error.status === 403 && error.code === "C05")) throw error;
    // Already activated (R-API-03): ignored. Coming back before setting the first password still
    // leads to that form: the hash then still answers the password requirements.
    passwordRequired = await passwordRequirementsByUserHash(args.context, userHash).then(
      () => true,
      () => false,
    );
  }
  if (!passwordRequired) throw redirect(customerPath(cstm, "/login?notice=activated"));
  const { requirements } = await passwordRequirementsByUserHash(args.context, userHash);
  const t = getTranslator(language, "auth");
  return {
    rules: passwordRules(requirements),
    constraint: getZodConstraint(firstPasswordSchema(requirements)),
    title: t("activation.documentTitle", { customer: config.name || cstm }),
    honeypot: args.context.services.honeypot.inputProps(),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  const { cstm } = await requireCustomer(args);
  const userHash = params.userHash ?? "";
  const { requirements } = await passwordRequirementsByUserHash(context, userHash);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: firstPasswordSchema(requirements) });
  const hidden = { hideFields: ["password", "passwordRepeat"] };
  if (submission.status !== "success") {
    return data<{ result: SubmissionResult<string[]> }>({ result: submission.reply(hidden) }, { status: 400 });
  }
  if (context.services.honeypot.isSpam(formData)) {
    return data<{ result: SubmissionResult<string[]> }>(
      { result: submission.reply({ ...hidden, formErrors: [HONEYPOT_MESSAGE] }) },
      { status: 400 },
    );
  }
  if (await tooManyAttempts(context, `password-save:${cstm}`, userHash)) {
    return data<{ result: SubmissionResult<string[]> }>(
      { result: submission.reply({ ...hidden, formErrors: ["auth:tooManyAttempts"] }) },
      { status: 429 },
    );
  }
  try {
    await saveNewPassword(context, { userHash, password: submission.value.password, cstm });
  } catch (error) {
    const shown = error instanceof UpstreamError ? passwordFieldErrors(error, { password: "password" }) : null;
    if (!shown) throw error;
    return data<{ result: SubmissionResult<string[]> }>({ result: submission.reply({ ...hidden, ...shown }) }, { status: 400 });
  }
  throw redirect(customerPath(cstm, "/login?notice=activated"));
}

export default function ActivationRoute() {
  const { rules, constraint, honeypot } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("auth");
  const { form, fields } = useFormState("activation", ["password", "passwordRepeat"], { lastResult: actionData?.result, constraint });
  return (
    <AuthCard titleId="activation-title" title={t("activation.setPasswordTitle")}>
      <p>{t("activation.setPasswordIntro")}</p>
      <Form method="post" id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
        <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} namespace="auth" />
        <NewPasswordFields
          password={fields.password}
          repeat={fields.passwordRepeat}
          rules={rules}
          labels={{ password: t("resetPassword.password"), repeat: t("resetPassword.passwordRepeat") }}
        />
        <Honeypot inputs={honeypot} />
        <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
          {t("activation.setPasswordSubmit")}
        </button>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
