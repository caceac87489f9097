import { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_LANGUAGE, type Language } from "./languages";
import { createTranslator, DEFAULT_NAMESPACE, type LanguageResources, type Namespace, type TFunction } from "./translator";

interface I18nValue {
  language: Language;
  resources: LanguageResources;
}

const I18nContext = createContext<I18nValue>({ language: DEFAULT_LANGUAGE, resources: {} });

export function I18nProvider({
  language,
  resources,
  children,
}: I18nValue & { children: ReactNode }) {
  const value = useMemo(() => ({ language, resources }), [language, resources]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** Same shape as react-i18next's hook: `const { t } = useTranslation("auth")`. */
export function useTranslation(namespace: Namespace = DEFAULT_NAMESPACE): { t: TFunction; language: Language } {
  const { language, resources } = useContext(I18nContext);
  const t = useMemo(() => createTranslator(language, resources, namespace), [language, resources, namespace]);
  return { t, language };
}
