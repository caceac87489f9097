import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { resetAccountAttempts, tooManyAttempts } from "~/account/rate-limit.server";
import { safeCustomerRedirect } from "~/account/session.server";
import { requireCustomer } from "~/customer/customer.server";
import { loginSchema } from "~/forms/login";
import { Field, FormErrors } from "~/forms/field";
import { readFormData } from "~/forms/form-data.server";
import { useFormState } from "~/forms/form-state";
import { Honeypot } from "~/forms/honeypot";
import { HONEYPOT_MESSAGE } from "~/forms/honeypot.server";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { recruiterPath, signedInApplicant, signInRecruiter } from "~/recruiter/session.server";
import { UpstreamError } from "~/upstream/failures.server";
import { recruiterLogin, type RecruiterGrant } from "~/upstream/recruiter/session.server";

/**
 * /{cstm}/recruiter/login (docs/decisions/140): the recruiter's own sign-in form, rate
 * limited like the applicant's (per account and client), logged without the password. Signing in
 * keeps an applicant's sign-in in the same browser. The way back (`redirectTo`) must be a recruiter
 * page of the same customer.
 */
export const handle: RouteHandle = { layout: "landing" };

/** The applicant's sign-in fields and rules, without the privacy checkbox (recruiters accept it elsewhere). */
const schema = loginSchema.omit({ privacy: true });

function destination(cstm: string, redirectTo: unknown): string {
  const fallback = recruiterPath(cstm, "/applicants");
  const target = safeCustomerRedirect(cstm, redirectTo, fallback);
  return target.startsWith(recruiterPath(cstm, "/")) && !target.startsWith(recruiterPath(cstm, "/login")) ? target : fallback;
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader(args: LoaderFunctionArgs) {
  const { cstm, config, language, session } = await requireCustomer(args);
  const url = new URL(args.request.url);
  if (session.get("recruiter")?.token) throw redirect(destination(cstm, url.searchParams.get("redirectTo")));
  const t = getTranslator(language, "recruiter");
  return {
    title: t("login.documentTitle", { customer: config.name || cstm }),
    constraint: getZodConstraint(schema),
    redirectTo: url.searchParams.get("redirectTo") ?? "",
    sessionEnded: url.searchParams.get("notice") === "session-ended",
    signedOut: url.searchParams.get("notice") === "signed-out",
    signsOutApplicant: signedInApplicant(session),
    honeypot: args.context.services.honeypot.inputProps(),
  };
}

type ActionResult = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const customer = await requireCustomer(args);
  const { cstm } = customer;
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema });
  const reply = (formErrors: string[], status: number) =>
    data<ActionResult>({ result: submission.reply({ formErrors, hideFields: ["password"] }) }, { status });
  if (submission.status !== "success") {
    return data<ActionResult>({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { username, password, redirectTo } = submission.value;
  if (context.services.honeypot.isSpam(formData)) return reply([HONEYPOT_MESSAGE], 400);
  if (await tooManyAttempts(context, `recruiter-login:${cstm}`, username)) {
    context.logger.warn({ recruiterLogin: { cstm, userName: username, outcome: "rate-limited" } }, "recruiter sign-in refused");
    return reply(["recruiter:tooManyAttempts"], 429);
  }
  let grant: RecruiterGrant;
  try {
    grant = await recruiterLogin(context, { cstm, userName: username, password });
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 401 || error.status === 402 || error.status === 403)) {
      context.logger.info({ recruiterLogin: { cstm, userName: username, outcome: "refused" } }, "recruiter sign-in refused");
      return reply(["recruiter:login.invalidCredentials"], 401);
    }
    if (error instanceof UpstreamError && error.status === 429) return reply(["recruiter:tooManyAttempts"], 429);
    // Credentials the upstream refuses to read (the embedded API takes passwords up to 200
    // characters, the form 500) match no account: the same message, not an API error page (found
    // by the fuzzing, like the applicant's login).
    if (error instanceof UpstreamError && error.status === 400) {
      context.logger.info({ recruiterLogin: { cstm, userName: username, outcome: "refused" } }, "recruiter sign-in refused");
      return reply(["recruiter:login.invalidCredentials"], 401);
    }
    throw error;
  }
  await resetAccountAttempts(context, `recruiter-login:${cstm}`, username);
  const { headers } = await signInRecruiter(request, context, customer, grant);
  context.logger.info({ recruiterLogin: { cstm, userName: grant.userName, outcome: "signed-in" } }, "recruiter signed in");
  throw redirect(destination(cstm, redirectTo ?? new URL(request.url).searchParams.get("redirectTo")), { headers });
}

export default function RecruiterLogin() {
  const { constraint, redirectTo, sessionEnded, signedOut, signsOutApplicant, honeypot } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("recruiter", ["login.submitting"]);
  const { form, fields } = useFormState("recruiter-login", ["username", "password"], { lastResult: actionData?.result, constraint });
  const submitting = navigation.state === "submitting";
  return (
    <section className="card auth-card" aria-labelledby="recruiter-login-title">
      <h1 id="recruiter-login-title">{t("login.title")}</h1>
      <p>{t("login.intro")}</p>
      {sessionEnded ? (
        <p className="notice" role="status">
          {t("login.sessionEnded")}
        </p>
      ) : null}
      {signsOutApplicant ? (
        <p className="notice" role="status" data-testid="signs-out-other-role">
          {signsOutApplicant.name ? t("login.signsOutApplicant", { name: signsOutApplicant.name }) : t("login.signsOutAnonymous")}
        </p>
      ) : null}
      {signedOut ? (
        <p className="notice" role="status">
          {t("login.signedOut")}
        </p>
      ) : null}
      <Form method="post" id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
        <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} />
        <Field field={fields.username} label={t("login.username")} autoComplete="username" />
        <Field field={fields.password} label={t("login.password")} type="password" autoComplete="current-password" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Honeypot inputs={honeypot} />
        <button type="submit" className="button button-primary" disabled={submitting}>
          {submitting ? t("login.submitting") : t("login.submit")}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
