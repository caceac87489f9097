import { intlLocale, type Language } from "./languages";

/** One formatter per locale: building an Intl.DateTimeFormat costs far more than formatting (decision 106). */
const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Formatted days by locale and day: the same few dates (a registration, the modules finished) are
 * shown on every page view, and parsing and formatting them showed in the home page's profile. The
 * oldest goes when full.
 */
const formatted = new Map<string, string>();
const FORMATTED_LIMIT = 2000;

/** A calendar date (YYYY-MM-DD…) as the visitor's language writes it; UTC, so server and client agree. */
export function formatDate(isoDate: string, language: Language): string {
  const day = isoDate.slice(0, 10);
  const locale = intlLocale(language);
  const key = `${locale} ${day}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
    formatters.set(locale, formatter);
  }
  const text = formatter.format(date);
  if (formatted.size >= FORMATTED_LIMIT) formatted.delete(formatted.keys().next().value!);
  formatted.set(key, text);
  return text;
}
