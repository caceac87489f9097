import { useTranslation } from "~/i18n/react";
import { intlLocale, type Language } from "~/i18n/languages";

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
    <section className="recruiter-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table className="recruiter-table">
            <caption id={`${id}-caption`}>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t("applicant.audit.when")}</th>
                <th scope="col">{t("applicant.audit.who")}</th>
                <th scope="col">{t("applicant.audit.what")}</th>
                <th scope="col">{t("applicant.audit.changes")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{dateTime(row.at, language)}</td>
                  <td>{row.recruiter}</td>
                  <th scope="row">{row.action}</th>
                  <td>{row.changes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
