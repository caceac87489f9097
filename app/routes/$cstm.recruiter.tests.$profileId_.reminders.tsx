import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { CheckboxField, Field, FormErrors } from "~/forms/field";
import { readFormData } from "~/forms/form-data.server";
import { useFormState } from "~/forms/form-state";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { ReminderTables } from "~/recruiter/reminder-tables";
import { recruiterPath } from "~/recruiter/paths";
import { requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { testProfileIdOf } from "~/recruiter/test-path.server";
import { isRateLimited, TOO_MANY, tooManyReply } from "~/recruiter/too-many.server";
import { commitSession } from "~/session/request.server";
import { saveReminderSettings, testReminders } from "~/upstream/recruiter/jobs.server";

/**
 * /{cstm}/recruiter/tests/{profileId}/reminders (docs/decisions/186): a test's automatic reminders, linked from its
 * setup page. A plain POST form (off by default; days before open-until; days after the invitation for applicants who
 * never activated), then what the job will send (scheduled) and what it sent, from the ledger. A bad value is named
 * under its field with what was typed kept.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const MAX_DAYS = 90;
const DAYS_ERROR = "recruiter:reminders.errors.days";

/** Whole days 1–90 or empty; a text field, not type=number, as the open-until default (decision 157). */
const daysField = z
  .string()
  .trim()
  .refine((value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_DAYS, DAYS_ERROR)
  .optional();

const settingsSchema = z
  .object({ enabled: z.literal("on").optional(), daysBeforeOpenUntil: daysField, daysAfterInvitation: daysField })
  .refine((value) => !value.enabled || value.daysBeforeOpenUntil !== undefined || value.daysAfterInvitation !== undefined, {
    path: ["daysBeforeOpenUntil"],
    message: "recruiter:reminders.errors.oneRequired",
  });
const FIELDS = ["enabled", "daysBeforeOpenUntil", "daysAfterInvitation"] as const;

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const profileId = testProfileIdOf(args);
  const reminders = await withRecruiterUpstream(args, recruiter, () => testReminders(args.context, session, cstm, profileId));
  const t = getTranslator(language, "recruiter");
  return {
    title: t("reminders.documentTitle", { test: reminders.name }),
    setupPath: recruiterPath(cstm, `/tests/${encodeURIComponent(profileId)}`),
    applicantsPath: recruiterPath(cstm, "/applicants"),
    reminders,
    // The server's day, so the page renders the same in the browser.
    today: new Date().toISOString().slice(0, 10),
    constraint: getZodConstraint(settingsSchema),
  };
}

type ActionResult = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, session } = recruiter;
  const profileId = testProfileIdOf(args);
  const submission = parseWithZod(await readFormData(args.request), { schema: settingsSchema });
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  const days = (value: string | undefined) => (value === undefined ? null : Number(value));
  const settings = {
    enabled: submission.value.enabled === "on",
    daysBeforeOpenUntil: days(submission.value.daysBeforeOpenUntil),
    daysAfterInvitation: days(submission.value.daysAfterInvitation),
  };
  try {
    await withRecruiterUpstream(args, recruiter, () => saveReminderSettings(args.context, session, cstm, profileId, settings));
  } catch (error) {
    if (isRateLimited(error)) {
      return tooManyReply<ActionResult>(args, recruiter, "reminders", { result: submission.reply({ formErrors: [TOO_MANY] }) });
    }
    throw error;
  }
  // Who changed which test; the values are in the upstream's audit log.
  args.context.logger.info(
    { recruiterAction: { cstm, recruiter: recruiter.recruiter.userName, profileId, intent: "reminders" } },
    "recruiter action",
  );
  session.flash("notice", { key: "recruiter:reminders.saved", kind: "success" });
  throw redirect(recruiterPath(cstm, `/tests/${encodeURIComponent(profileId)}/reminders`), {
    headers: { "Set-Cookie": await commitSession(args.context, session) },
  });
}

export default function TestRemindersPage() {
  const { setupPath, applicantsPath, reminders, today, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { settings } = reminders;
  const text = (days: number | null) => (days === null ? "" : String(days));
  const { form, fields } = useFormState("reminders", FIELDS, {
    lastResult: actionData?.result,
    constraint,
    defaultValue: {
      enabled: settings.enabled ? "on" : "",
      daysBeforeOpenUntil: text(settings.daysBeforeOpenUntil),
      daysAfterInvitation: text(settings.daysAfterInvitation),
    },
  });
  const navigation = useNavigation();
  const { t } = useTranslation("recruiter");
  return (
    <section aria-labelledby="reminders-title" className="recruiter-setup">
      <p>
        <Link to={setupPath}>{t("reminders.back", { test: reminders.name })}</Link>
      </p>
      <h1 id="reminders-title">{t("reminders.title", { test: reminders.name })}</h1>
      <p>{t("reminders.intro", { days: reminders.catchUpDays })}</p>

      <section className="recruiter-section" aria-labelledby="reminders-settings-title">
        <h2 id="reminders-settings-title">{t("reminders.settingsTitle")}</h2>
        <Form method="post" id={form.id} className="card" noValidate aria-describedby={form.errors ? form.errorId : undefined}>
          <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} />
          <CheckboxField field={fields.enabled} label={t("reminders.enabled")} />
          <Field
            field={fields.daysBeforeOpenUntil}
            label={t("reminders.daysBeforeLabel")}
            hint={t("reminders.daysBeforeHint", { max: reminders.maxDays })}
            optional
          />
          <Field
            field={fields.daysAfterInvitation}
            label={t("reminders.daysAfterLabel")}
            hint={t("reminders.daysAfterHint", { max: reminders.maxDays })}
            optional
          />
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {t("reminders.save")}
          </button>
        </Form>
      </section>

      <ReminderTables reminders={reminders} applicantsPath={applicantsPath} today={today} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
