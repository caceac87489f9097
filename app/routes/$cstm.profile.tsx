import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireApplicant, takeResumedValues, type ApplicantContext } from "~/account/session.server";
import { customerPath } from "~/domain/customer-path";
import { Field, FormErrors, SelectField } from "~/forms/field";
import { useFormState } from "~/forms/form-state";
import { profileSchema } from "~/forms/profile";
import { getTranslator } from "~/i18n/i18n.server";
import { isSupportedLanguage } from "~/i18n/languages";
import { useTranslation } from "~/i18n/react";
import { rememberLanguage } from "~/session/language.server";
import { commitSession } from "~/session/request.server";
import { getPersonalData, savePersonalData } from "~/upstream/personal-data.server";
import { readFormData } from "~/forms/form-data.server";

/**
 * The profile page (spec §2, R-RTE-02): the applicant's personal data (GET /profile) in a form that
 * saves with POST /profile. C12 (address taken) shows at the e-mail field, any other save failure
 * as API01 above the form, both keeping what was typed (R-CAT-02). Saving the language switches the
 * page language. Anonymous applicants only choose their language (docs/decisions/081).
 */
// Here, not in forms/profile.ts: importing that module would bring zod into the page's script.
const PROFILE_FIELDS = ["firstName", "lastName", "email", "language"] as const;

function customerLanguages(applicant: ApplicantContext): string[] {
  return applicant.config.languages.filter(isSupportedLanguage);
}

/** The profile's fields among values kept from an expired session (a language only if the customer offers it). */
function resumedFields(
  values: Record<string, string> | null,
  languages: string[],
): Partial<Record<(typeof PROFILE_FIELDS)[number], string>> {
  if (!values) return {};
  return Object.fromEntries(
    PROFILE_FIELDS.flatMap((name) => {
      const value = values[name];
      if (typeof value !== "string" || (name === "language" && !languages.includes(value))) return [];
      return [[name, value]];
    }),
  );
}

export async function loader(args: LoaderFunctionArgs) {
  const applicant = await requireApplicant(args);
  const personal = await getPersonalData(args.context, applicant.session);
  const anonymous = personal.anonymous || applicant.applicant.anonymous;
  const t = getTranslator(applicant.language, "pages");
  // The language the applicant is using now: saving without touching it keeps the page as it is.
  const stored = { firstName: personal.firstName, lastName: personal.lastName, email: personal.email, language: applicant.language };
  // Decision 126: what was typed into the form when the session expired, once, for the same applicant.
  const resumed = resumedFields(
    await takeResumedValues(args.context, applicant, customerPath(applicant.cstm, "/profile")),
    customerLanguages(applicant),
  );
  return {
    title: t("profile.documentTitle", { customer: applicant.config.name || applicant.cstm }),
    anonymous,
    dataPath: customerPath(applicant.cstm, "/profile/data.json"),
    userName: anonymous ? null : personal.userName,
    languages: customerLanguages(applicant),
    values: { ...stored, ...resumed },
    resumed: Object.keys(resumed).length > 0,
    constraint: getZodConstraint(profileSchema(customerLanguages(applicant), anonymous)),
  };
}

export async function action(args: ActionFunctionArgs) {
  const applicant = await requireApplicant(args);
  const { context } = args;
  const { cstm, session } = applicant;
  const anonymous = applicant.applicant.anonymous;
  const submission = parseWithZod(await readFormData(args.request), { schema: profileSchema(customerLanguages(applicant), anonymous) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await savePersonalData(context, session, submission.value);
  if (!saved.ok) {
    const reply =
      saved.code === "C12"
        ? submission.reply({ fieldErrors: { email: ["errors:C12.message"] } })
        : submission.reply({ formErrors: ["errors:API01.title", "errors:API01.message"] });
    return data({ result: reply }, { status: saved.code === "C12" ? 400 : 502 });
  }
  const { language } = submission.value;
  if (!saved.data.anonymous && !anonymous) {
    // R-NAV-02: the header greets with the new name from the next page on.
    const name = `${saved.data.firstName} ${saved.data.lastName}`.trim();
    session.set("applicant", { ...applicant.applicant, displayName: name || undefined });
  }
  session.flash("notice", { key: "pages:profile.saved", kind: "success" });
  const headers = new Headers({ "Set-Cookie": await commitSession(context, session) });
  const languageCookie = await rememberLanguage(args.request, context, cstm, language);
  if (languageCookie) headers.append("Set-Cookie", languageCookie);
  return redirect(customerPath(cstm, "/profile"), { headers });
}

export default function ProfileRoute() {
  const { anonymous, userName, languages, values, resumed, constraint, dataPath } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  const navigation = useNavigation();
  const { t } = useTranslation("pages", ["profile.saving"]);
  const { form, fields } = useFormState("profile", PROFILE_FIELDS, { lastResult: actionData?.result, constraint, defaultValue: values });
  const submitting = navigation.state === "submitting";
  const languageOptions = languages.map((language) => ({ value: language, label: t(`common:languageNames.${language}`) }));
  return (
    <section className="card" aria-labelledby="profile-title">
      <h1 id="profile-title">{t("profile.title")}</h1>
      <p>{anonymous ? t("profile.anonymous") : t("profile.intro")}</p>
      {userName ? <p className="profile-user-name">{t("profile.userName", { name: userName })}</p> : null}
      {resumed ? (
        <p className="notice notice-info" role="status">
          {t("common:resumedNotice")}
        </p>
      ) : null}
      {/* With JavaScript the page is not reloaded after saving: a new key starts the fields from what was stored. */}
      <Form
        key={Object.values(values).join("\u0000")}
        method="post"
        id={form.id}
        noValidate
        aria-describedby={form.errors ? form.errorId : undefined}
      >
        <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} />
        {anonymous ? null : (
          <>
            <Field field={fields.firstName} label={t("profile.firstName")} autoComplete="given-name" />
            <Field field={fields.lastName} label={t("profile.lastName")} autoComplete="family-name" />
            <Field field={fields.email} label={t("profile.email")} type="email" autoComplete="email" />
          </>
        )}
        <SelectField
          field={fields.language}
          label={t("profile.language")}
          options={languageOptions}
          placeholder={t("profile.languagePlaceholder")}
        />
        <button type="submit" className="button button-primary" disabled={submitting}>
          {submitting ? t("profile.saving") : t("profile.save")}
        </button>
      </Form>
      {/* GDPR Art. 15: everything stored about the applicant, as a file (docs/decisions/182). */}
      <h2>{t("profile.dataExport.title")}</h2>
      <p>{t("profile.dataExport.text")}</p>
      <p>
        <a href={dataPath} download>
          {t("profile.dataExport.link")}
        </a>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
