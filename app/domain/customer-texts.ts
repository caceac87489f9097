/**
 * The customer's own texts from the configuration (`texts[language][key]`, docs/api.md): the FAQ and
 * the support text. A text missing in the page language falls back to the customer's languages in
 * their order (the first is the customer's default, R-LANG-01), so a page is never empty only
 * because one translation is missing.
 */
export type CustomerTexts = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

export interface FaqEntry {
  question: string;
  answer: string;
}

const isNonBlankString = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** The languages to look in: the page language first, then the customer's in order, no duplicates. */
function lookupOrder(language: string, customerLanguages: readonly string[]): string[] {
  return [...new Set([language, ...customerLanguages])];
}

/** The support text in the page language, else in the first customer language that has one. */
export function supportText(texts: CustomerTexts, language: string, customerLanguages: readonly string[]): string | null {
  for (const code of lookupOrder(language, customerLanguages)) {
    const text = texts[code]?.support;
    if (isNonBlankString(text)) return text;
  }
  return null;
}

function faqEntriesOf(value: unknown): FaqEntry[] | null {
  if (!Array.isArray(value)) return null;
  return (value as unknown[])
    .filter(
      (entry): entry is FaqEntry =>
        typeof entry === "object" &&
        entry !== null &&
        isNonBlankString((entry as Partial<FaqEntry>).question) &&
        isNonBlankString((entry as Partial<FaqEntry>).answer),
    )
    .map((entry) => ({ question: entry.question.trim(), answer: entry.answer.trim() }));
}

/**
 * The FAQ in the page language, else in the first customer language that has a list (a language
 * whose list is present but empty means "no questions", not "missing"). Entries without a question
 * or an answer are left out.
 */
export function faqEntries(texts: CustomerTexts, language: string, customerLanguages: readonly string[]): FaqEntry[] {
  for (const code of lookupOrder(language, customerLanguages)) {
    const entries = faqEntriesOf(texts[code]?.faq);
    if (entries) return entries;
  }
  return [];
}
