import { intlLocale, type Language } from "./languages";

/** A calendar date (YYYY-MM-DD…) as the visitor's language writes it; UTC, so server and client agree. */
export function formatDate(isoDate: string, language: Language): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone: "UTC" }).format(date);
}
