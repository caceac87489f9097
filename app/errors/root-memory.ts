import type { ErrorContext } from "./catalogue-error";
import type { Language } from "~/i18n/languages";
import type { LanguageResources } from "~/i18n/translator";

/**
 * The root loader data an error view needs (language, translations, request id, support address).
 * When a client navigation's root revalidation fails (a form post, a language switch without a
 * connection), the router drops the root's data: the root boundary then has no translations. The
 * browser keeps the last root data it saw here (entry.client) so that view still speaks the
 * user's language. Never used on the server, where one process serves every user.
 */
export interface RootDataForErrors {
  language: Language;
  /** Absent until the first client navigation brought them (the document's are in app/i18n/document-texts). */
  resources?: LanguageResources;
  errorContext?: ErrorContext;
}

let remembered: RootDataForErrors | undefined;

export function rememberRootData(data: unknown): void {
  if (data && typeof data === "object" && "language" in data) remembered = data as RootDataForErrors;
}

export function rememberedRootData(): RootDataForErrors | undefined {
  return import.meta.env.SSR ? undefined : remembered;
}
