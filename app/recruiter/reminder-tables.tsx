import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDate } from "~/i18n/format-date";
import { useTranslation } from "~/i18n/react";
import type { TestReminders } from "~/upstream/recruiter/jobs.server";
import { dateTime } from "./audit-table";

/**
 * The scheduled jobs' lists (docs/decisions/186, 187): one section with a scrollable table whose rows name an
 * applicant (linked to their page) beside dates and a kind, or a sentence when there is nothing.
 */
interface Person {
  userName: string;
  firstName: string | null;
  lastName: string | null;
}

export function ApplicantLink({ person, applicantsPath }: { person: Person; applicantsPath: string }) {
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ");
  return (
    <Link to={`${applicantsPath}/${encodeURIComponent(person.userName)}`}>{name ? `${name} (${person.userName})` : person.userName}</Link>
  );
}

export function JobTable({
  id,
  title,
  intro,
  empty,
  caption,
  columns,
  rows,
}: {
  id: string;
  title: string;
  intro?: string;
  empty: string;
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <section className="recruiter-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table className="recruiter-table">
            <caption id={`${id}-caption`}>{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** What the reminder job will send for a test, and what it sent. */
export function ReminderTables({ reminders, applicantsPath, today }: { reminders: TestReminders; applicantsPath: string; today: string }) {
  const { t, language } = useTranslation("recruiter");
  // Due days before today are in the catch-up days: the next run sends them.
  const day = (dueOn: string) => (dueOn < today ? t("reminders.nextRun") : formatDate(dueOn, language));
  return (
    <>
      <JobTable
        id="reminders-scheduled"
        title={t("reminders.scheduledTitle")}
        intro={t("reminders.scheduledIntro", { count: reminders.scheduled.length })}
        empty={reminders.settings.enabled ? t("reminders.scheduledEmpty") : t("reminders.off")}
        caption={t("reminders.scheduledCaption")}
        columns={[t("reminders.day"), t("reminders.applicant"), t("reminders.kind")]}
        rows={reminders.scheduled.map((row) => ({
          key: `${row.userName}-${row.kind}-${row.dueOn}`,
          cells: [
            day(row.dueOn),
            <ApplicantLink key="who" person={row} applicantsPath={applicantsPath} />,
            t(`reminders.kinds.${row.kind}`),
          ],
        }))}
      />
      <JobTable
        id="reminders-sent"
        title={t("reminders.sentTitle")}
        empty={t("reminders.sentEmpty")}
        caption={t("reminders.sentCaption")}
        columns={[t("reminders.sentAt"), t("reminders.applicant"), t("reminders.kind")]}
        rows={reminders.sent.map((row) => ({
          key: `${row.userName}-${row.kind}-${row.dueOn}`,
          cells: [
            dateTime(row.sentAt, language),
            <ApplicantLink key="who" person={row} applicantsPath={applicantsPath} />,
            t(`reminders.kinds.${row.kind}`),
          ],
        }))}
      />
    </>
  );
}
