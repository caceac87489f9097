import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Field, FormErrors } from "~/forms/field";
import { readFormData } from "~/forms/form-data.server";
import { useFormState } from "~/forms/form-state";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { AuditTable } from "~/recruiter/audit-table";
import { recruiterPath } from "~/recruiter/paths";
import { reminderChanges } from "~/recruiter/reminder-audit";
import { requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { testProfileIdOf } from "~/recruiter/test-path.server";
import { commitSession } from "~/session/request.server";
import { setOpenUntilDefault, testSetup } from "~/upstream/recruiter/setup.server";
import { actionLimitReached } from "~/recruiter/too-many.server";

/**
 * /{cstm}/recruiter/tests/{profileId} (docs/decisions/157): one test's containers and
 * modules in the order applicants take them (read-only), its open-until default for the assignments
 * recruiters make (a plain POST form: whole days 1–365, empty for no end) and its setup changes from
 * the audit log. A bad value is named under the field with what was typed kept.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const MAX_DAYS = 365;
const DAYS_ERROR = "recruiter:setup.errors.days";

/**
 * Whole days 1–365; empty (conform: absent) is "open without end". A text field, not type=number: a
 * browser sends an unreadable number as an empty field, which would silently mean "no end".
 */
const defaultSchema = z.object({
  openUntilDays: z
    .string()
    .trim()
    // One check, so a value wrong in two ways gets one message.
    .refine((value) => /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_DAYS, DAYS_ERROR)
    .optional(),
});
const FIELDS = ["openUntilDays"] as const;

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const profileId = testProfileIdOf(args);
  const setup = await withRecruiterUpstream(args, recruiter, () => testSetup(args.context, session, cstm, profileId, language));
  const t = getTranslator(language, "recruiter");
  return {
    title: t("setup.documentTitle", { test: setup.name }),
    listPath: recruiterPath(cstm, "/tests"),
    remindersPath: recruiterPath(cstm, `/tests/${encodeURIComponent(profileId)}/reminders`),
    setup,
    constraint: getZodConstraint(defaultSchema),
  };
}

type ActionResult = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, session } = recruiter;
  const profileId = testProfileIdOf(args);
  const formData = await readFormData(args.request);
  const submission = parseWithZod(formData, { schema: defaultSchema });
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  const days = submission.value.openUntilDays === undefined ? null : Number(submission.value.openUntilDays);
  const who = recruiter.recruiter.userName;
  if (await actionLimitReached(args, recruiter, "open-until-default", { profileId })) {
    return data<ActionResult>({ result: submission.reply({ formErrors: ["recruiter:tooManyAttempts"] }) }, { status: 429 });
  }
  await withRecruiterUpstream(args, recruiter, () => setOpenUntilDefault(args.context, session, cstm, profileId, days));
  // Who changed which test; the values are in the upstream's audit log.
  args.context.logger.info({ recruiterAction: { cstm, recruiter: who, profileId, intent: "open-until-default" } }, "recruiter action");
  session.flash("notice", { key: "recruiter:setup.saved", kind: "success" });
  throw redirect(recruiterPath(cstm, `/tests/${encodeURIComponent(profileId)}`), {
    headers: { "Set-Cookie": await commitSession(args.context, session) },
  });
}

export default function TestSetupPage() {
  const { listPath, remindersPath, setup, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields } = useFormState("open-until-default", FIELDS, {
    lastResult: actionData?.result,
    constraint,
    defaultValue: { openUntilDays: setup.openUntilDays === null ? "" : String(setup.openUntilDays) },
  });
  const navigation = useNavigation();
  const { t } = useTranslation("recruiter");
  const daysText = (days: number | null) => (days === null ? t("setup.noEnd") : t("setup.days", { count: days }));
  const change = (changes: Record<string, unknown>) => {
    const field = changes.openUntilDays as { before?: number | null; after?: number | null } | undefined;
    if (field) return `${daysText(field.before ?? null)} → ${daysText(field.after ?? null)}`;
    return reminderChanges(t, changes) ?? t("applicant.audit.noDetails");
  };
  return (
    <section aria-labelledby="setup-title" className="recruiter-setup">
      <p>
        <Link to={listPath}>{t("setup.back")}</Link>
      </p>
      <h1 id="setup-title">{t("setup.title", { test: setup.name })}</h1>
      {setup.description ? <p>{setup.description}</p> : null}

      <section className="recruiter-section" aria-labelledby="setup-order-title">
        <h2 id="setup-order-title">{t("setup.orderTitle")}</h2>
        <p>{t("setup.orderIntro")}</p>
        <ol className="setup-containers">
          {setup.containers.map((container) => (
            <li key={container.pcc_id}>
              <h3 id={`container-${container.pcc_id}`}>{container.name}</h3>
              <ol aria-labelledby={`container-${container.pcc_id}`}>
                {container.modules.map((module) => (
                  <li key={module.prcm_id}>
                    {module.name}{" "}
                    <span className="setup-module-facts">
                      ({t(`setup.types.${module.type}`, { defaultValue: module.type })}
                      {module.durationS ? `, ${t("setup.minutes", { count: Math.max(1, Math.round(module.durationS / 60)) })}` : ""}
                      {module.skippable ? `, ${t("setup.skippable")}` : ""})
                    </span>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      </section>

      <section className="recruiter-section" aria-labelledby="setup-default-title">
        <h2 id="setup-default-title">{t("setup.defaultTitle")}</h2>
        <p>{t("setup.defaultIntro")}</p>
        <p>{t("setup.current", { value: daysText(setup.openUntilDays) })}</p>
        <Form method="post" id={form.id} className="card" noValidate aria-describedby={form.errors ? form.errorId : undefined}>
          <FormErrors id={form.errorId} errors={form.errors} focus={form.focusErrors} />
          <Field
            field={fields.openUntilDays}
            label={t("setup.daysLabel")}
            hint={t("setup.daysHint", { max: setup.maxOpenUntilDays })}
            optional
          />
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {t("setup.save")}
          </button>
        </Form>
      </section>

      {/* Automatic reminders have a page of their own (decision 186). */}
      <section className="recruiter-section" aria-labelledby="setup-reminders-title">
        <h2 id="setup-reminders-title">{t("setup.remindersTitle")}</h2>
        <p>{t("setup.remindersIntro")}</p>
        <p>
          <Link to={remindersPath}>{t("setup.remindersLink")}</Link>
        </p>
      </section>

      <AuditTable
        id="setup-audit"
        title={t("setup.auditTitle")}
        empty={t("setup.auditEmpty")}
        caption={t("setup.auditCaption")}
        rows={setup.audit.map((entry) => ({
          id: entry.id,
          at: entry.at,
          recruiter: entry.recruiter,
          action: t(`setup.actions.${entry.action}`, { defaultValue: entry.action }),
          changes: change(entry.changes),
        }))}
      />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
