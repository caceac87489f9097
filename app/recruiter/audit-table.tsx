import { useTranslation } from "~/i18n/react";
import { intlLocale, type Language } from "~/i18n/languages";
import { TableSection } from "./table-section";

/** A recruiter-facing date and time ("26 Nov 2026, 02:50"), in UTC like the upstream's stamps; an unreadable value as it came. */
export function dateTime(value: string, language: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(date);
}

export interface AuditRow {
  id: number;
  at: string;
  recruiter: string;
  /** The action, translated. */
  action: string;
  /** What changed, as text. */
  changes: string;
}

/**
 * The audit log of one thing (an applicant, a test's setup; docs/decisions/144) as a section with a
 * scrollable table, newest first as the upstream sends it. `id` prefixes the heading's and caption's ids.
 */
export function AuditTable({
  id,
  title,
  empty,
  caption,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  caption: string;
  rows: AuditRow[];
}) {
  const { t, language } = useTranslation("recruiter");
  return (
    <TableSection
      id={id}
      title={title}
      empty={empty}
      caption={caption}
      columns={[t("applicant.audit.when"), t("applicant.audit.who"), t("applicant.audit.what"), t("applicant.audit.changes")]}
      rowHeader={2}
      rows={rows.map((row) => ({ key: row.id, cells: [dateTime(row.at, language), row.recruiter, row.action, row.changes] }))}
    />
  );
}
