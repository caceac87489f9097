import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { passwordRules } from "~/domain/password-policy";
import { CheckboxField, Field, FormErrors, SelectField } from "~/forms/field";
import { readFormData } from "~/forms/form-data.server";
import { useFormState } from "~/forms/form-state";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { PasswordRules } from "~/components/password-rules";
import { CREATE_FIELDS, createApplicantSchema, upstreamFieldErrors } from "~/recruiter/create-form";
import { recruiterPath, requireRecruiter, withRecruiterUpstream, type RecruiterContext } from "~/recruiter/session.server";
import { commitSession } from "~/session/request.server";
import { passwordRequirementsForSelfRegister } from "~/upstream/auth.server";
import { endsSession, UpstreamError } from "~/upstream/failures.server";
import { createApplicant } from "~/upstream/recruiter/create.server";
import { listApplicants } from "~/upstream/recruiter/list.server";
import { actionLimitReached } from "~/recruiter/too-many.server";

/**
 * /{cstm}/recruiter/create (docs/decisions/151): one applicant, with a password (they can
 * sign in at once) or without (the upstream writes the activation mail in their language), with an
 * optional profile, owner, open-until and on-site flag. A plain POST form (conform on the server);
 * a refusal (taken user name or address, password rules) is shown on its field with everything
 * typed kept except the password. Success: the new applicant's page with a notice.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

async function options(args: LoaderFunctionArgs | ActionFunctionArgs, recruiter: RecruiterContext) {
  const { cstm, session } = recruiter;
  const [list, requirements] = await withRecruiterUpstream(args, recruiter, () =>
    Promise.all([listApplicants(args.context, session, cstm, { pageSize: "1" }), passwordRequirementsForSelfRegister(args.context, cstm)]),
  );
  return { profiles: list.filterOptions.profiles, owners: list.filterOptions.owners, requirements: requirements.requirements };
}

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, config, language } = recruiter;
  const { profiles, owners, requirements } = await options(args, recruiter);
  const t = getTranslator(language, "recruiter");
  return {
    title: t("create.documentTitle"),
    listPath: recruiterPath(cstm, "/applicants"),
    languages: config.languages,
    defaultLanguage: config.languages[0] ?? "de-DU",
    profiles,
    owners,
    rules: passwordRules(requirements),
    constraint: getZodConstraint(createApplicantSchema(requirements)),
  };
}

type ActionResult = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, session, context } = { ...recruiter, context: args.context };
  const formData = await readFormData(args.request);
  const { requirements } = await withRecruiterUpstream(args, recruiter, () => passwordRequirementsForSelfRegister(context, cstm));
  const submission = parseWithZod(formData, { schema: createApplicantSchema(requirements) });
  const hidden = { hideFields: ["password"] };
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply(hidden) }, { status: 400 });
  const who = recruiter.recruiter.userName;
  if (await actionLimitReached(args, recruiter, "create")) {
    return data<ActionResult>({ result: submission.reply({ ...hidden, formErrors: ["recruiter:tooManyAttempts"] }) }, { status: 429 });
  }
  const values = submission.value;
  // A refusal is taken before withRecruiterUpstream sees it: that one makes every 404 the
  // invalid-link page, but an unknown profile or owner is this form's problem (as on the applicant page).
  const outcome = await withRecruiterUpstream(args, recruiter, async () => {
    try {
      const created = await createApplicant(context, session, cstm, {
        userName: values.userName,
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        language: values.language,
        password: values.password,
        profileId: values.profileId,
        owner: values.owner,
        openUntil: values.openUntil,
        onSite: values.onSite === "on" ? true : undefined,
      });
      return { created } as const;
    } catch (error) {
      if (error instanceof UpstreamError && error.status !== undefined && !endsSession(error)) {
        const refusal = upstreamFieldErrors(error.status, error.body ?? {}, Boolean(values.userName));
        if (refusal) return { refusal, status: error.status } as const;
      }
      throw error;
    }
  });
  if ("refusal" in outcome) {
    if (outcome.status === 429) {
      context.logger.warn(
        { recruiterAction: { cstm, recruiter: who, intent: "create", outcome: "rate-limited" } },
        "recruiter action refused",
      );
    }
    return data<ActionResult>({ result: submission.reply({ ...hidden, ...outcome.refusal }) }, { status: outcome.status });
  }
  const { created } = outcome;
  // Who created an applicant; whom and the fields are in the upstream's audit log (docs/decisions/171).
  context.logger.info(
    { recruiterAction: { cstm, recruiter: who, intent: "create", activationMail: created.activationMail } },
    "recruiter action",
  );
  session.flash("notice", {
    key: created.activationMail ? "recruiter:create.notices.createdWithMail" : "recruiter:create.notices.created",
    kind: "success",
  });
  throw redirect(recruiterPath(cstm, `/applicants/${encodeURIComponent(created.userName)}`), {
    headers: { "Set-Cookie": await commitSession(context, session) },
  });
}

export default function CreateApplicant() {
  const { listPath, languages, defaultLanguage, profiles, owners, rules, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("recruiter");
  const { form, fields } = useFormState("create-applicant", CREATE_FIELDS, {
    lastResult: actionData?.result,
    constraint,
    defaultValue: { language: defaultLanguage },
  });
  const submitting = navigation.state === "submitting";
  return (
    <section aria-labelledby="create-title" className="recruiter-create">
      <p>
        <Link to={listPath}>{t("applicant.back")}</Link>
      </p>
      <h1 id="create-title">{t("create.title")}</h1>
      <p>{t("create.intro")}</p>
      <Form method="post" id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined} className="card">
        <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} />
        <fieldset>
          <legend>{t("create.personTitle")}</legend>
          <Field field={fields.firstName} label={t("create.firstName")} autoComplete="off" />
          <Field field={fields.lastName} label={t("create.lastName")} autoComplete="off" />
          <Field field={fields.email} label={t("create.email")} type="email" autoComplete="off" />
          <Field field={fields.userName} label={t("create.userName")} hint={t("create.userNameHint")} optional autoComplete="off" />
          <SelectField
            field={fields.language}
            label={t("create.language")}
            placeholder={t("create.choose")}
            options={languages.map((language) => ({
              value: language,
              label: t(`applicant.languages.${language}`, { defaultValue: language }),
            }))}
          />
        </fieldset>
        <fieldset>
          <legend>{t("create.accessTitle")}</legend>
          <Field
            field={fields.password}
            label={t("create.password")}
            type="password"
            autoComplete="new-password"
            optional
            hint={
              <>
                <p>{t("create.passwordHint")}</p>
                {rules.length > 0 ? <PasswordRules id={`${fields.password.id}-rules`} rules={rules} /> : null}
              </>
            }
          />
          <CheckboxField field={fields.onSite} label={t("create.onSite")} />
        </fieldset>
        <fieldset>
          <legend>{t("create.assignmentTitle")}</legend>
          <SelectField
            field={fields.profileId}
            label={t("create.profile")}
            placeholder={t("create.noProfile")}
            options={profiles}
            optional
          />
          <Field field={fields.openUntil} label={t("create.openUntil")} type="date" hint={t("create.openUntilHint")} optional />
          <SelectField field={fields.owner} label={t("create.owner")} placeholder={t("list.noOwner")} options={owners} optional />
        </fieldset>
        <button type="submit" className="button button-primary" disabled={submitting}>
          {submitting ? t("create.submitting") : t("create.submit")}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
