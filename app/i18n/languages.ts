/** The product's languages (spec §1, §9). de-DU is informal German and the default. */
export const SUPPORTED_LANGUAGES = ["de", "de-DU", "en_GB", "hu", "it"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "de-DU";

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** BCP 47 tag for <html lang> and Content-Language: de-DU is informal German, so plain "de". */
export function htmlLang(language: Language): string {
  switch (language) {
    case "de-DU":
      return "de";
    case "en_GB":
      return "en-GB";
    default:
      return language;
  }
}

/** Locale for Intl formatting (dates, numbers, plural rules). */
export function intlLocale(language: Language): string {
  return htmlLang(language);
}

export type LanguageResolution = { ok: true; language: Language } | { ok: false; reason: "no-project-languages" | "unknown-language" };

/**
 * R-LANG-01/02: with one project language or no langId, the first project language is used;
 * otherwise the langId, which must be one of the project's languages (else E02).
 * A language chosen earlier in this session counts like a langId once validated.
 */
export function resolveLanguage(
  projectLanguages: readonly string[],
  langId: string | null | undefined,
  sessionLanguage?: string | null,
): LanguageResolution {
  const languages = projectLanguages.filter(isSupportedLanguage);
  if (languages.length === 0) return { ok: false, reason: "no-project-languages" };
  const first = languages[0];
  if (langId !== null && langId !== undefined) {
    if (!languages.includes(langId as Language)) return { ok: false, reason: "unknown-language" };
    return { ok: true, language: languages.length === 1 ? first : (langId as Language) };
  }
  if (languages.length > 1 && sessionLanguage && languages.includes(sessionLanguage as Language)) {
    return { ok: true, language: sessionLanguage as Language };
  }
  return { ok: true, language: first };
}
