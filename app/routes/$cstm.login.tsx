import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod, getZodConstraint } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { destinationAfterSignIn } from "~/account/after-sign-in.server";
import { resetAccountAttempts, tooManyAttempts } from "~/account/rate-limit.server";
import { currentApplicant, leaveIfExpired, signedInRecruiterName, signInApplicant } from "~/account/session.server";
import { requireCustomer } from "~/customer/customer.server";
import { languageChosenHere } from "~/session/language.server";
import { customerPages } from "~/domain/customer";
import { customerPath } from "~/domain/customer-path";
import { CheckboxField, Field, FormErrors } from "~/forms/field";
import { useFormState } from "~/forms/form-state";
import { Honeypot } from "~/forms/honeypot";
import { HONEYPOT_MESSAGE } from "~/forms/honeypot.server";
import { loginSchema, readOnSiteLink } from "~/forms/login";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { login, onSiteLogin, type LoginGrant } from "~/upstream/auth.server";
import { UpstreamError } from "~/upstream/failures.server";
import { getDataProtectionStatement } from "~/upstream/data-protection.server";
import { ModalLink } from "~/modals/modal-link";
import { loadOpenModals } from "~/modals/modals.server";
import { privacyModal } from "~/modals/privacy";
import { loadPrivacyModal } from "~/modals/privacy.server";
import { SecondaryCalls } from "~/errors/secondary.server";
import { defineModals, revalidateUnlessModalsClose } from "~/modals/route-modals";
import { readFormData } from "~/forms/form-data.server";

export const handle: RouteHandle = { layout: "landing", modals: defineModals({ privacy: privacyModal }) };

export async function loader(args: LoaderFunctionArgs) {
  const customer = await requireCustomer(args);
  const { cstm, config, language, session } = customer;
  const url = new URL(args.request.url);
  if (currentApplicant(session, cstm)) throw redirect(customerPath(cstm, "/home"));
  const secondary = new SecondaryCalls(args, "routes/$cstm.login");
  const modals = await loadOpenModals(args.request, { privacy: () => loadPrivacyModal(args.context, customer, secondary) });
  const pages = customerPages(config);
  const onSite = readOnSiteLink(url, config.area.onSite);
  const t = getTranslator(language, "auth");
  return {
    cstm,
    title: t("login.documentTitle", { customer: config.name || cstm }),
    constraint: getZodConstraint(loginSchema),
    onSite: onSite.onSite,
    /** R-VAL-11: an on-site link without a valid profile id is invalid. */
    invalidLink: "invalid" in onSite,
    redirectTo: url.searchParams.get("redirectTo") ?? "",
    notice: url.searchParams.get("notice"),
    signsOutRecruiter: signedInRecruiterName(session),
    links: {
      forgotPassword: pages.has("forgot-password") && !onSite.onSite ? customerPath(cstm, "/forgot-password") : null,
      registration: config.enableRegistration && pages.has("registration") && !onSite.onSite ? customerPath(cstm, "/registration") : null,
      activation: pages.has("account-activation") ? customerPath(cstm, "/account-activation") : null,
    },
    modals,
    ...(await secondary.shown()),
    honeypot: args.context.services.honeypot.inputProps(),
  };
}

type ActionResult = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const customer = await requireCustomer(args);
  const { cstm, config, language } = customer;
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: loginSchema });
  const reply = (formErrors: string[], status: number) =>
    data<ActionResult>({ result: submission.reply({ formErrors, hideFields: ["password"] }) }, { status });

  if (submission.status !== "success") {
    return data<ActionResult>({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { username, password, redirectTo } = submission.value;
  // A bot filled the invisible field or posted at once: a generic refusal, the input kept.
  if (context.services.honeypot.isSpam(formData)) return reply([HONEYPOT_MESSAGE], 400);
  if (await tooManyAttempts(context, `login:${cstm}`, username)) return reply(["auth:tooManyAttempts"], 429);

  const onSite = readOnSiteLink(new URL(request.url), config.area.onSite);
  if ("invalid" in onSite) return reply(["auth:login.invalidLink"], 400);

  // The privacy checkbox accepts the customer's current statement (R-ENT-08: id and revision sent).
  const statement = await getDataProtectionStatement(context, cstm, language).catch(() => null);
  const acceptance = statement ? { dataProtectionStatementId: statement.id, dataProtectionStatementRevision: statement.revision } : {};

  let grant: LoginGrant;
  try {
    // Decision 124: only a language chosen on this device is the account's new language; else the
    // upstream keeps the stored one and the sign-in switches to it.
    const chosen = await languageChosenHere(request, context, cstm);
    const credentials = { cstm, userName: username, password, ...(chosen ? { language } : {}), ...acceptance };
    grant = onSite.onSite ? await onSiteLogin(context, { ...credentials, profileId: onSite.profileId }) : await login(context, credentials);
  } catch (error) {
    // Spec §8: 401 on login is the form's to show; 402 is the not-activated message.
    if (error instanceof UpstreamError && error.status === 401) return reply(["auth:login.invalidCredentials"], 401);
    if (error instanceof UpstreamError && error.status === 402) return reply(["auth:login.notActivated"], 402);
    // The upstream's own throttle of failed logins (the embedded API: 10 per account in 5 minutes)
    // is the same message as the app's: not an API error page (found by fuzzing, decision 102).
    if (error instanceof UpstreamError && error.status === 429) return reply(["auth:tooManyAttempts"], 429);
    // Credentials the upstream refuses to read (longer than it accepts: the embedded API takes
    // passwords up to 200 characters, the form 500) match no account: the same message.
    if (error instanceof UpstreamError && error.status === 400) return reply(["auth:login.invalidCredentials"], 401);
    if (error instanceof UpstreamError && onSite.onSite && (error.status === 404 || error.status === 403)) {
      return reply(["auth:login.invalidLink"], 400);
    }
    throw error;
  }
  await resetAccountAttempts(context, `login:${cstm}`, username);

  const { session, headers } = await signInApplicant(request, context, customer, grant, {
    onSiteProfileId: onSite.onSite ? onSite.profileId : undefined,
  });
  await leaveIfExpired(context, cstm, grant, session);
  const destination = await destinationAfterSignIn(context, cstm, session, {
    onSiteProfileId: onSite.onSite ? onSite.profileId : undefined,
    redirectTo: redirectTo ?? new URL(request.url).searchParams.get("redirectTo"),
  });
  throw redirect(destination, { headers });
}

export default function LoginRoute() {
  const { constraint, links, onSite, invalidLink, redirectTo, notice, signsOutRecruiter, honeypot } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("auth", ["login.submitting"]);
  const { form, fields } = useFormState("login", ["username", "password", "privacy"], {
    lastResult: actionData?.result,
    constraint,
  });
  const submitting = navigation.state === "submitting";

  return (
    <section className="card auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{onSite ? t("login.onSiteTitle") : t("login.title")}</h1>
      {signsOutRecruiter ? (
        <p className="notice" role="status" data-testid="signs-out-other-role">
          {t("login.signsOutRecruiter", { name: signsOutRecruiter })}
        </p>
      ) : null}
      {notice === "password-saved" ? (
        <p className="notice" role="status">
          {t("login.passwordSavedNotice")}
        </p>
      ) : null}
      {notice === "registered" ? (
        <p className="notice" role="status">
          {t("login.registeredNotice")}
        </p>
      ) : null}
      {notice === "activated" ? (
        <p className="notice" role="status">
          {t("login.activatedNotice")}
        </p>
      ) : null}
      {invalidLink ? (
        <div className="form-errors" role="alert">
          <p>{t("login.invalidLink")}</p>
        </div>
      ) : (
        <Form method="post" id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
          <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} namespace="auth" />
          <Field field={fields.username} label={t("login.username")} autoComplete="username" />
          <Field field={fields.password} label={t("login.password")} type="password" autoComplete="current-password" />
          <CheckboxField
            field={fields.privacy}
            label={
              <>
                {t("login.privacyPrefix")} <ModalLink modal="privacy">{t("login.privacyLink")}</ModalLink>
              </>
            }
          />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <Honeypot inputs={honeypot} />
          <button type="submit" className="button button-primary" disabled={submitting}>
            {submitting ? t("login.submitting") : t("login.submit")}
          </button>
        </Form>
      )}
      <ul className="auth-links">
        {links.forgotPassword ? (
          <li>
            <Link to={links.forgotPassword}>{t("login.forgotPassword")}</Link>
          </li>
        ) : null}
        {links.registration ? (
          <li>
            <Link to={links.registration}>{t("login.register")}</Link>
          </li>
        ) : null}
        {links.activation && actionData?.result?.error?.[""]?.includes("auth:login.notActivated") ? (
          <li>
            <Link to={links.activation}>{t("login.activateLink")}</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

export const shouldRevalidate = revalidateUnlessModalsClose;

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
