import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { destinationAfterSignIn } from "~/account/after-sign-in.server";
import { tooManyAttempts } from "~/account/rate-limit.server";
import { leaveIfExpired, signedInRecruiterName, signInApplicant } from "~/account/session.server";
import { requireCustomer } from "~/customer/customer.server";
import { Field, FormErrors } from "~/forms/field";
import { readFormData } from "~/forms/form-data.server";
import { useFormState } from "~/forms/form-state";
import { Honeypot } from "~/forms/honeypot";
import { HONEYPOT_MESSAGE } from "~/forms/honeypot.server";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { languageChosenHere } from "~/session/language.server";
import { UpstreamError } from "~/upstream/failures.server";
import { redeemContinueCode } from "~/upstream/recruiter/continue.server";

/**
 * /{cstm}/continue (docs/decisions/156): a station continues an applicant's interrupted
 * test with the one-time code a recruiter issued. The operator types the code, or opens the code's
 * link, which only fills the field: a GET never signs in (link scanners and prefetching would use
 * the code up). The station is then signed in as the applicant in on-site mode with the code's
 * profile, and lands where the applicant stopped (home with that profile active).
 */
export const handle: RouteHandle = { layout: "landing" };

// The app's Referrer-Policy (strict-origin-when-cross-origin) already keeps the code's query from
// other sites; the page is not cached anywhere.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const continueSchema = z.object({
  code: z
    .string({ required_error: "auth:continue.codeRequired" })
    .trim()
    .min(1, "auth:continue.codeRequired")
    .max(20, "validation:tooLong"),
});

export async function loader(args: LoaderFunctionArgs) {
  const customer = await requireCustomer(args);
  const url = new URL(args.request.url);
  const code = (url.searchParams.get("code") ?? "").trim().slice(0, 20);
  const t = getTranslator(customer.language, "auth");
  return {
    title: t("continue.documentTitle", { customer: customer.config.name || customer.cstm }),
    constraint: getZodConstraint(continueSchema),
    code,
    signsOutRecruiter: signedInRecruiterName(customer.session),
    honeypot: args.context.services.honeypot.inputProps(),
  };
}

type ActionResult = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const customer = await requireCustomer(args);
  const { cstm, language } = customer;
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: continueSchema });
  const reply = (formErrors: string[], status: number) => data<ActionResult>({ result: submission.reply({ formErrors }) }, { status });
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  if (context.services.honeypot.isSpam(formData)) return reply([HONEYPOT_MESSAGE], 400);
  // Per client (a station has no account yet); the upstream limits wrong codes per client as well.
  if (await tooManyAttempts(context, `continue:${cstm}`)) return reply(["auth:tooManyAttempts"], 429);

  let grant: Awaited<ReturnType<typeof redeemContinueCode>>;
  try {
    const chosen = await languageChosenHere(request, context, cstm);
    grant = await redeemContinueCode(context, { cstm, code: submission.value.code, ...(chosen ? { language } : {}) });
  } catch (error) {
    if (error instanceof UpstreamError) {
      if (error.status === 401 || error.status === 400) return reply(["auth:continue.invalidCode"], 401);
      if (error.status === 429) return reply(["auth:tooManyAttempts"], 429);
      if (error.status === 402 || error.status === 403) return reply(["auth:continue.notPossible"], 403);
    }
    throw error;
  }
  const { session, headers } = await signInApplicant(request, context, customer, grant, { onSiteProfileId: grant.profileId });
  await leaveIfExpired(context, cstm, grant, session);
  const destination = await destinationAfterSignIn(context, cstm, session, { onSiteProfileId: grant.profileId });
  throw redirect(destination, { headers });
}

export default function ContinueRoute() {
  const { constraint, code, signsOutRecruiter, honeypot } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("auth");
  const { form, fields } = useFormState("continue", ["code"], {
    lastResult: actionData?.result,
    constraint,
    defaultValue: { code },
  });
  const submitting = navigation.state === "submitting";
  return (
    <section className="card auth-card" aria-labelledby="continue-title">
      <h1 id="continue-title">{t("continue.title")}</h1>
      <p>{t("continue.intro")}</p>
      {signsOutRecruiter ? (
        <p className="notice" role="status" data-testid="signs-out-other-role">
          {t("login.signsOutRecruiter", { name: signsOutRecruiter })}
        </p>
      ) : null}
      <Form method="post" id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
        <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} namespace="auth" />
        <Field field={fields.code} label={t("continue.code")} autoComplete="off" hint={t("continue.codeHint")} />
        <Honeypot inputs={honeypot} />
        <button type="submit" className="button button-primary" disabled={submitting}>
          {submitting ? t("continue.submitting") : t("continue.submit")}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
