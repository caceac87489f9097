import { z } from "zod";

/** The five languages of the product (spec §1); de-DU (informal German) is the default. */
export const LANGUAGES = ["de", "de-DU", "en_GB", "hu", "it"] as const;
export type Language = (typeof LANGUAGES)[number];

export const languageSchema = z.enum(LANGUAGES);

/** A text in every language. */
export type Localized = Record<Language, string>;

const FALLBACK_ORDER: Language[] = ["de-DU", "de", "en_GB"];

/** The text in the language asked for, else the nearest German/English one. */
export function localize(text: Partial<Record<Language, string>>, language: Language): string {
  const direct = text[language];
  if (direct !== undefined) return direct;
  for (const fallback of FALLBACK_ORDER) {
    const value = text[fallback];
    if (value !== undefined) return value;
  }
  return "";
}

/** A language the customer offers: the one asked for, else the customer's first (docs/api.md, Languages). */
export function customerLanguage(offered: readonly string[], wanted: string | undefined | null): Language {
  if (wanted && offered.includes(wanted)) return wanted as Language;
  return (offered[0] ?? "de-DU") as Language;
}
