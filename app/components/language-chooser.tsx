import { Form, useLocation } from "@remix-run/react";
import { htmlLang, type Language } from "~/i18n/languages";
import { useTranslation } from "~/i18n/react";

/**
 * A GET form with one langId button per project language (DESIGN §6): works without JavaScript,
 * keeps the other query parameters, marks the current language.
 */
export function LanguageChooser({ languages, current }: { languages: readonly Language[]; current: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (languages.length < 2) return null;
  const params = new URLSearchParams(location.search);
  params.delete("langId");
  return (
    <Form method="get" action={location.pathname} className="language-chooser" aria-label={t("languageChooser.label")}>
      {[...params.entries()].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <span className="visually-hidden">{t("languageChooser.label")}</span>
      {languages.map((language) => (
        <button
          key={language}
          type="submit"
          name="langId"
          value={language}
          className="language-option"
          aria-current={language === current ? "true" : undefined}
          lang={htmlLang(language)}
        >
          {t(`languageNames.${language}`)}
        </button>
      ))}
    </Form>
  );
}
