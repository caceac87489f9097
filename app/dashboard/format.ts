import type { Language } from "~/i18n/languages";

const LOCALES: Record<string, string> = { "de-DU": "de-DE", de: "de-DE", en_GB: "en-GB", hu: "hu-HU", it: "it-IT" };

/** A calendar date (YYYY-MM-DD) as the visitor's language writes it; UTC, so server and client agree. */
export function formatDate(isoDate: string, language: Language | string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(LOCALES[language] ?? "de-DE", { dateStyle: "long", timeZone: "UTC" }).format(date);
}
