import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from "./languages";
import { resources } from "./resources.server";
import { createTranslator, DEFAULT_NAMESPACE, NAMESPACES, type Namespace, type TFunction } from "./translator";

/**
 * remix-i18next on the server, with the bundled resources (no backend, nothing read per request).
 * The language itself is decided per customer by resolveLanguage (R-LANG-01), not by header sniffing.
 */
export const remixI18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
  },
  i18next: {
    resources,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false },
    // Keys like "de-DU" and "en_GB" are our own names; i18next must not split or lower-case them.
    load: "currentOnly",
    nonExplicitSupportedLngs: false,
    cleanCode: false,
    lowerCaseLng: false,
  },
});

/** i18next's t for server-only text (titles in meta data, plain-text responses). */
export async function getServerT(language: Language, namespace: Namespace = DEFAULT_NAMESPACE) {
  return remixI18next.getFixedT(language, namespace);
}

/** The same translator the React tree uses, for code that must match rendered text exactly. */
export function getTranslator(language: Language, namespace: Namespace = DEFAULT_NAMESPACE): TFunction {
  return createTranslator(language, resources[language], namespace);
}
