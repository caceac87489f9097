import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { tooManyAttempts } from "~/account/rate-limit.server";
import { languageFromLink } from "~/account/link-language.server";
import { AuthCard } from "~/components/auth-card";
import { NewPasswordFields } from "~/components/password-rules";
import { requireCustomer } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";
import { passwordRules } from "~/domain/password-policy";
import { CheckboxField, Field, FormErrors } from "~/forms/field";
import { useFormState } from "~/forms/form-state";
import { Honeypot } from "~/forms/honeypot";
import { HONEYPOT_MESSAGE } from "~/forms/honeypot.server";
import { resetPasswordSchema } from "~/forms/passwords";
import { passwordFieldErrors } from "~/forms/upstream-errors.server";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { passwordRequirementsByUserHash, saveNewPassword } from "~/upstream/auth.server";
import { UpstreamError } from "~/upstream/failures.server";
import { rotateAfterPasswordChange } from "~/session/request.server";
import { readFormData } from "~/forms/form-data.server";

export const handle: RouteHandle = { layout: "landing" };

/**
 * Reset password from the mailed link (R-VAL-03): username, password with the server's rules (by user
 * hash), repeat, privacy checkbox. 409 → C04 inline, the form stays (Retry). R-VAL-09: refused when
 * registration is disabled for the customer.
 */
export async function loader(args: LoaderFunctionArgs) {
  const customer = await requireCustomer(args);
  const { cstm, config, language } = customer;
  await languageFromLink(args.request, args.context, customer, args.params.language);
  const t = getTranslator(language, "auth");
  const base = {
    cstm,
    title: t("resetPassword.documentTitle", { customer: config.name || cstm }),
    honeypot: args.context.services.honeypot.inputProps(),
  };
  if (!config.passwordSelfService) return { ...base, available: false as const, rules: null, constraint: null };
  // An unknown or used hash is C06 (expired link), shown by the error view.
  const { requirements } = await passwordRequirementsByUserHash(args.context, args.params.userHash ?? "");
  return {
    ...base,
    available: true as const,
    rules: passwordRules(requirements),
    constraint: getZodConstraint(resetPasswordSchema(requirements)),
  };
}

type ActionResult = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  const { cstm, config, session } = await requireCustomer(args);
  const userHash = params.userHash ?? "";
  const formData = await readFormData(request);
  const hidden = { hideFields: ["password", "passwordRepeat"] };
  if (!config.passwordSelfService) {
    const submission = parseWithZod(formData, { schema: resetPasswordSchema() });
    return data<ActionResult>({ result: submission.reply({ ...hidden, formErrors: ["auth:passwordUnavailable"] }) }, { status: 403 });
  }
  const { requirements, userName } = await passwordRequirementsByUserHash(context, userHash);
  const submission = parseWithZod(formData, { schema: resetPasswordSchema(requirements) });
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply(hidden) }, { status: 400 });
  if (context.services.honeypot.isSpam(formData))
    return data<ActionResult>({ result: submission.reply({ ...hidden, formErrors: [HONEYPOT_MESSAGE] }) }, { status: 400 });
  const values = submission.value;
  if (await tooManyAttempts(context, `password-save:${cstm}`, userHash)) {
    return data<ActionResult>({ result: submission.reply({ ...hidden, formErrors: ["auth:tooManyAttempts"] }) }, { status: 429 });
  }
  if (!userName || values.username.toLowerCase() !== userName.toLowerCase()) {
    return data<ActionResult>(
      { result: submission.reply({ ...hidden, fieldErrors: { username: ["auth:resetPassword.checkUsername"] } }) },
      { status: 400 },
    );
  }
  try {
    await saveNewPassword(context, { userHash, password: values.password, cstm });
  } catch (error) {
    const shown = error instanceof UpstreamError ? passwordFieldErrors(error, { password: "password" }) : null;
    if (!shown) throw error;
    return data<ActionResult>({ result: submission.reply({ ...hidden, ...shown }) }, { status: (error as UpstreamError).status ?? 400 });
  }
  // A new session id; a sign-in of this user in this browser ends with the tokens the reset revoked upstream.
  const signedIn = session.get("applicant");
  const sameUser = session.get("cstm") === cstm && signedIn?.userName.toLowerCase() === userName.toLowerCase();
  const cookie = await rotateAfterPasswordChange(context, session, { signOut: sameUser });
  throw redirect(customerPath(cstm, "/login?notice=password-saved"), cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}

export default function ResetPasswordRoute() {
  const { available, rules, constraint, cstm, honeypot } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("auth");
  const { form, fields } = useFormState("reset-password", ["username", "password", "passwordRepeat", "privacy"], {
    lastResult: actionData?.result,
    constraint: constraint ?? undefined,
  });
  const usedBefore = form.errors?.includes("errors:C04.message");
  return (
    <AuthCard titleId="reset-title" title={t("resetPassword.title")}>
      {!available ? (
        <div className="form-errors" role="alert">
          <p>{t("passwordUnavailable")}</p>
        </div>
      ) : (
        <Form method="post" id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
          {usedBefore ? <p className="error-code">C04</p> : null}
          <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} namespace="auth" />
          <Field field={fields.username} label={t("login.username")} autoComplete="username" />
          <NewPasswordFields
            password={fields.password}
            repeat={fields.passwordRepeat}
            rules={rules}
            labels={{ password: t("resetPassword.password"), repeat: t("resetPassword.passwordRepeat") }}
          />
          <CheckboxField
            field={fields.privacy}
            label={
              <>
                {t("login.privacyPrefix")} <Link to={`${customerPath(cstm, "/login")}?modal=privacy`}>{t("login.privacyLink")}</Link>
              </>
            }
          />
          <Honeypot inputs={honeypot} />
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {usedBefore ? t("resetPassword.retry") : t("resetPassword.submit")}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
