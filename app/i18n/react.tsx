import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useClientTexts, useTextRecorder } from "./document-texts";
import { DEFAULT_LANGUAGE, type Language } from "./languages";
import { createTranslator, DEFAULT_NAMESPACE, type LanguageResources, type Namespace, type TFunction } from "./translator";

interface I18nValue {
  language: Language;
  resources: LanguageResources;
}

const I18nContext = createContext<I18nValue>({ language: DEFAULT_LANGUAGE, resources: {} });

export function I18nProvider({ language, resources, children }: I18nValue & { children: ReactNode }) {
  const value = useMemo(() => ({ language, resources }), [language, resources]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

const NO_CLIENT_TEXTS: readonly string[] = [];

/**
 * Same shape as react-i18next's hook: `const { t } = useTranslation("auth")`. `clientTexts`: keys
 * (or groups) this component shows from its own state only, never in the server's render, e.g. a
 * button's text while its form is sent; the document carries them (app/i18n/document-texts.tsx).
 */
export function useTranslation(
  namespace: Namespace = DEFAULT_NAMESPACE,
  clientTexts: readonly string[] = NO_CLIENT_TEXTS,
): { t: TFunction; language: Language } {
  useClientTexts(namespace, clientTexts);
  const { language, resources } = useContext(I18nContext);
  // On the server, every text found is noted for the document's data block (document-texts.tsx).
  const onUse = useTextRecorder()?.use;
  const t = useMemo(() => createTranslator(language, resources, namespace, onUse), [language, resources, namespace, onUse]);
  return { t, language };
}
