import { intlLocale, type Language } from "./languages";

/** One formatter per locale: building an Intl.DateTimeFormat costs far more than formatting (issue 13 part 3). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (YYYY-MM-DD…) as the visitor's language writes it; UTC, so server and client agree. */
export function formatDate(isoDate: string, language: Language): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  const locale = intlLocale(language);
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
    formatters.set(locale, formatter);
  }
  return formatter.format(date);
}
