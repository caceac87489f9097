import { Link } from "@remix-run/react";
import { formatDate } from "~/i18n/format-date";
import { useTranslation } from "~/i18n/react";
import type { TestReminders } from "~/upstream/recruiter/jobs.server";
import { dateTime } from "./audit-table";
import { TableSection } from "./table-section";

/** The scheduled jobs' lists (docs/decisions/186, 187): rows that name an applicant, linked to their page. */
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

/** What the reminder job will send for a test, and what it sent. */
export function ReminderTables({ reminders, applicantsPath, today }: { reminders: TestReminders; applicantsPath: string; today: string }) {
  const { t, language } = useTranslation("recruiter");
  // Due days before today are in the catch-up days: the next run sends them.
  const day = (dueOn: string) => (dueOn < today ? t("reminders.nextRun") : formatDate(dueOn, language));
  return (
    <>
      <TableSection
        id="reminders-scheduled"
        title={t("reminders.scheduledTitle")}
        intro={t("reminders.scheduledIntro", { count: reminders.scheduled.length })}
        empty={reminders.settings.enabled ? t("reminders.scheduledEmpty") : t("reminders.off")}
        caption={t("reminders.scheduledCaption")}
        columns={[t("reminders.day"), t("reminders.applicant"), t("reminders.kind")]}
        rowHeader={1}
        rows={reminders.scheduled.map((row) => ({
          key: `${row.userName}-${row.kind}-${row.dueOn}`,
          cells: [
            day(row.dueOn),
            <ApplicantLink key="who" person={row} applicantsPath={applicantsPath} />,
            t(`reminders.kinds.${row.kind}`),
          ],
        }))}
      />
      <TableSection
        id="reminders-sent"
        title={t("reminders.sentTitle")}
        empty={t("reminders.sentEmpty")}
        caption={t("reminders.sentCaption")}
        columns={[t("reminders.sentAt"), t("reminders.applicant"), t("reminders.kind")]}
        rowHeader={1}
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
