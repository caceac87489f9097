/**
 * Everything the browser needs only when an error is shown (decision 114): the boundary's error view,
 * the error dialogs, the catalogue and the error page's title. One chunk, loaded by app/errors/lazy.tsx
 * right after hydration (so it is there when the connection is gone) and never part of the hydration.
 */
import type { MetaDescriptor } from "@remix-run/react";
import { documentTexts } from "~/i18n/document-texts";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";
import type { LanguageResources } from "~/i18n/translator";
import { createTranslator } from "~/i18n/translator";
import { describeRouteError } from "./route-error";
import { selectMainError } from "./selection";

export { RouteErrorView } from "./boundary";
export { ErrorDialogs } from "./error-dialogs";

/** Every page has a title (WCAG 2.4.2), an error page the main error's title in the document's language. */
export function errorTitleMeta(error: unknown, root: { language: Language; resources?: LanguageResources } | undefined): MetaDescriptor[] {
  const language = root?.language ?? DEFAULT_LANGUAGE;
  const t = createTranslator(language, documentTexts(language, root?.resources), "errors");
  const main = selectMainError(describeRouteError(error, false).payload.errors)?.main;
  return [{ title: main ? t(`${main.code}.title`) : t("pageLabel") }];
}
