import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { destinationAfterSignIn } from "~/account/after-sign-in.server";
import { tooManyAttempts } from "~/account/rate-limit.server";
import { currentApplicant, leaveIfExpired, signInApplicant } from "~/account/session.server";
import { AuthCard } from "~/components/auth-card";
import { requireCustomer, type CustomerContext } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";
import { passwordRules } from "~/domain/password-policy";
import { HONEYPOT_MESSAGE } from "~/forms/honeypot.server";
import { PROFILE_ID_PATTERN } from "~/domain/profile";
import { anonymousRegistrationSchema, registrationSchema } from "~/forms/registration";
import { isRateLimited, registrationFieldErrors } from "~/forms/upstream-errors.server";
import type { RouteHandle } from "~/handle";
import { AnonymousRegistration, RegularRegistration } from "./__registration-forms";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { passwordRequirementsForSelfRegister, register, registerAnonymous } from "~/upstream/auth.server";
import { UpstreamError } from "~/upstream/failures.server";
import { getDataProtectionStatement } from "~/upstream/data-protection.server";
import { readFormData } from "~/forms/form-data.server";

export const handle: RouteHandle = { layout: "landing" };

type Mode = { kind: "anonymous"; profileId: string } | { kind: "regular" } | { kind: "unavailable" } | { kind: "invalid-link" };

/** `registration?profileId=…` is the anonymous registration (R-RTE-01); without it, self-registration. */
function registrationMode(customer: CustomerContext, url: URL): Mode {
  const profileId = url.searchParams.get("profileId");
  if (profileId !== null) {
    if (!customer.config.enableAnonRegistration) return { kind: "unavailable" };
    return PROFILE_ID_PATTERN.test(profileId) ? { kind: "anonymous", profileId } : { kind: "invalid-link" };
  }
  return customer.config.enableRegistration ? { kind: "regular" } : { kind: "unavailable" };
}

export async function loader(args: LoaderFunctionArgs) {
  const customer = await requireCustomer(args);
  const { cstm, config, language, session } = customer;
  if (currentApplicant(session, cstm)) throw redirect(customerPath(cstm, "/home"));
  const mode = registrationMode(customer, new URL(args.request.url));
  const t = getTranslator(language, "auth");
  const base = {
    cstm,
    mode: mode.kind,
    title: t("registration.documentTitle", { customer: config.name || cstm }),
    honeypot: args.context.services.honeypot.inputProps(),
  };
  if (mode.kind === "unavailable" || mode.kind === "invalid-link") return { ...base, statement: null, rules: null, constraint: null };
  const [statement, requirements] = await Promise.all([
    getDataProtectionStatement(args.context, cstm, language),
    mode.kind === "regular" ? passwordRequirementsForSelfRegister(args.context, cstm) : Promise.resolve(null),
  ]);
  const schema = mode.kind === "regular" ? registrationSchema(requirements?.requirements) : anonymousRegistrationSchema;
  return {
    ...base,
    statement: statement.texts,
    rules: requirements ? passwordRules(requirements.requirements) : null,
    constraint: getZodConstraint(schema),
  };
}

type ActionResult = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const customer = await requireCustomer(args);
  const { cstm, language } = customer;
  const mode = registrationMode(customer, new URL(request.url));
  if (mode.kind === "unavailable" || mode.kind === "invalid-link")
    throw redirect(new URL(request.url).pathname + new URL(request.url).search);
  const formData = await readFormData(request);

  if (mode.kind === "anonymous") {
    const submission = parseWithZod(formData, { schema: anonymousRegistrationSchema });
    if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
    if (context.services.honeypot.isSpam(formData))
      return data<ActionResult>({ result: submission.reply({ formErrors: [HONEYPOT_MESSAGE] }) }, { status: 400 });
    if (await tooManyAttempts(context, `register:${cstm}`)) {
      return data<ActionResult>({ result: submission.reply({ formErrors: ["auth:tooManyAttempts"] }) }, { status: 429 });
    }
    // The statement accepted is the one shown now: its id and revision travel with the registration.
    const statement = await getDataProtectionStatement(context, cstm, language);
    let grant;
    try {
      grant = await registerAnonymous(context, {
        cstm,
        profileId: mode.profileId,
        language,
        dataProtectionStatementId: statement.id,
        dataProtectionStatementRevision: statement.revision,
      });
    } catch (error) {
      if (isRateLimited(error)) {
        return data<ActionResult>({ result: submission.reply({ formErrors: ["auth:tooManyAttempts"] }) }, { status: 429 });
      }
      if (error instanceof UpstreamError && error.status === 404) {
        return data<ActionResult>({ result: submission.reply({ formErrors: ["auth:registration.invalidLink"] }) }, { status: 400 });
      }
      if (error instanceof UpstreamError && error.status === 409) {
        return data<ActionResult>({ result: submission.reply({ formErrors: ["auth:registration.statementChanged"] }) }, { status: 409 });
      }
      throw error;
    }
    const { session, headers } = await signInApplicant(request, context, customer, grant, { registrationProfileId: mode.profileId });
    await leaveIfExpired(context, cstm, grant, session);
    const destination = await destinationAfterSignIn(context, cstm, session);
    throw redirect(destination, { headers });
  }

  const requirements = await passwordRequirementsForSelfRegister(context, cstm);
  const submission = parseWithZod(formData, { schema: registrationSchema(requirements.requirements) });
  const hidden = { hideFields: ["password", "passwordRepeat"] };
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply(hidden) }, { status: 400 });
  if (context.services.honeypot.isSpam(formData)) {
    return data<ActionResult>({ result: submission.reply({ ...hidden, formErrors: [HONEYPOT_MESSAGE] }) }, { status: 400 });
  }
  const values = submission.value;
  if (await tooManyAttempts(context, `register:${cstm}`, values.email)) {
    return data<ActionResult>({ result: submission.reply({ ...hidden, formErrors: ["auth:tooManyAttempts"] }) }, { status: 429 });
  }
  const statement = await getDataProtectionStatement(context, cstm, language);
  let result;
  try {
    result = await register(context, {
      cstm,
      email: values.email,
      password: values.password,
      firstName: values.firstName,
      lastName: values.lastName,
      language,
      contactingAccepted: values.contacting === "on",
      dataProtectionStatementId: statement.id,
      dataProtectionStatementRevision: statement.revision,
    });
  } catch (error) {
    // Spec §8: 400 on register is the form's to show; the 403 codes (C10/C11/C12) and 409 too, so that
    // nothing the applicant typed is lost.
    const shown = error instanceof UpstreamError ? registrationFieldErrors(error) : null;
    if (!shown) throw error;
    return data<ActionResult>(
      { result: submission.reply({ ...hidden, ...shown }) },
      { status: error instanceof UpstreamError ? (error.status ?? 400) : 400 },
    );
  }
  if (result.kind === "activation-required") {
    throw redirect(customerPath(cstm, `/login?notice=registered`));
  }
  const { session, headers } = await signInApplicant(request, context, customer, result.grant);
  await leaveIfExpired(context, cstm, result.grant, session);
  const destination = await destinationAfterSignIn(context, cstm, session);
  throw redirect(destination, { headers });
}

export default function RegistrationRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  if (loaderData.mode === "unavailable" || loaderData.mode === "invalid-link") {
    return (
      <AuthCard titleId="registration-title" title={t("registration.title")}>
        <div className="form-errors" role="alert">
          <p>{t(loaderData.mode === "unavailable" ? "registration.unavailable" : "registration.invalidLink")}</p>
        </div>
      </AuthCard>
    );
  }
  return loaderData.mode === "anonymous" ? (
    <AnonymousRegistration
      statement={loaderData.statement ?? ""}
      constraint={loaderData.constraint}
      honeypot={loaderData.honeypot}
      lastResult={actionData?.result}
    />
  ) : (
    <RegularRegistration
      statement={loaderData.statement ?? ""}
      constraint={loaderData.constraint}
      rules={loaderData.rules}
      honeypot={loaderData.honeypot}
      lastResult={actionData?.result}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
