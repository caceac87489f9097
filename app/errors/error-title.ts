import type { MetaDescriptor } from "@remix-run/react";
import { documentTexts } from "~/i18n/document-texts";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";
import { createTranslator, type LanguageResources } from "~/i18n/translator";
import type { ErrorCode } from "./catalogue";

/** What an error page's title needs of the root loader data. */
export type RootForTitle = { language: Language; resources?: LanguageResources } | undefined;

/**
 * Every page has a title (WCAG 2.4.2), an error page its main error's title in the document's
 * language (none shown: the error page's label).
 */
export function errorPageTitle(code: ErrorCode | undefined, root: RootForTitle): MetaDescriptor[] {
  const language = root?.language ?? DEFAULT_LANGUAGE;
  const t = createTranslator(language, documentTexts(language, root?.resources), "errors");
  return [{ title: code ? t(`${code}.title`) : t("pageLabel") }];
}
