import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDate } from "~/i18n/format-date";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { recruiterPath } from "~/recruiter/paths";
import { ApplicantLink } from "~/recruiter/reminder-tables";
import { TableSection } from "~/recruiter/table-section";
import { requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { retentionView } from "~/upstream/recruiter/jobs.server";

/**
 * /{cstm}/recruiter/retention (docs/decisions/187): who the retention job will erase in the next 30 days, with the
 * day each is due and a link to them, and the customer's period. Read-only: the period is the customer's
 * configuration; a recruiter keeps an applicant longer by acting on the application (a status, an open-until).
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const view = await withRecruiterUpstream(args, recruiter, () => retentionView(args.context, session, cstm));
  const t = getTranslator(language, "recruiter");
  return { title: t("retention.documentTitle"), applicantsPath: recruiterPath(cstm, "/applicants"), view };
}

export default function RetentionPage() {
  const { applicantsPath, view } = useLoaderData<typeof loader>();
  const { t, language } = useTranslation("recruiter");
  return (
    <section aria-labelledby="retention-title">
      <h1 id="retention-title">{t("retention.title", { days: view.days })}</h1>
      <p>
        {view.retentionMonths === null
          ? t("retention.none")
          : t(view.source === "customer" ? "retention.periodCustomer" : "retention.periodDefault", { count: view.retentionMonths })}
      </p>
      {view.retentionMonths === null ? null : <p>{t("retention.start")}</p>}
      <TableSection
        id="retention-due"
        title={t("retention.listTitle", { date: formatDate(view.until, language) })}
        intro={view.total > view.applicants.length ? t("retention.more", { shown: view.applicants.length, total: view.total }) : undefined}
        empty={t("retention.empty")}
        caption={t("retention.caption")}
        columns={[t("retention.dueOn"), t("reminders.applicant")]}
        rowHeader={1}
        rows={view.applicants.map((row) => ({
          key: row.userName,
          cells: [
            row.dueOn <= view.today ? t("retention.nextRun") : formatDate(row.dueOn, language),
            <ApplicantLink key="who" person={row} applicantsPath={applicantsPath} />,
          ],
        }))}
      />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
