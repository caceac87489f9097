import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PasswordRules } from "~/components/password-rules";
import { ErrorView } from "~/errors/error-view";
import { DocumentTexts, pickTexts, registerServerTexts, serializeTexts, TextRecorder, TextRecorderProvider } from "~/i18n/document-texts";
import type { Language } from "~/i18n/languages";
import { I18nProvider, useTranslation } from "~/i18n/react";
import { resources } from "~/i18n/resources.server";
import type { LanguageResources } from "~/i18n/translator";

/**
 * docs/decisions/108: the server renders with every translation and notes the
 * texts a page used; the browser gets only those and must render the same text (else hydration
 * fails). Real components, rendered once as the server does and once as the browser does.
 */
function render(node: ReactNode, language: Language, texts: LanguageResources, recorder?: TextRecorder): string {
  const tree = (
    <MemoryRouter initialEntries={["/demo/login"]}>
      <I18nProvider language={language} resources={texts}>
        {node}
      </I18nProvider>
    </MemoryRouter>
  );
  return renderToString(recorder ? <TextRecorderProvider value={recorder}>{tree}</TextRecorderProvider> : tree);
}

function serverThenBrowser(node: ReactNode, language: Language) {
  const recorder = new TextRecorder();
  const server = render(node, language, resources[language], recorder);
  const carried = pickTexts(resources[language], recorder.entries);
  const browser = render(node, language, carried);
  return { server, browser, carried };
}

const rules = [
  { rule: "minLength" as const, count: 8 },
  { rule: "minUppercase" as const, count: 1 },
  { rule: "minNumbers" as const, count: 2 },
];

describe("texts a document carries (decision 108)", () => {
  it.each(["de-DU", "de", "en_GB", "hu", "it"] as const)(
    "R-CAT-01 the browser renders an error view and plural rules in %s from the carried texts alone, as the server did (decision 108)",
    (language) => {
      const view = (
        <>
          <ErrorView
            errors={[{ code: "API02" }, { code: "C05" }]}
            cstm="demo"
            requestId="r-1"
            closeHref="/demo/login"
            supportEmail="help@example.com"
          />
          <PasswordRules id="rules" rules={rules} />
        </>
      );
      const { server, browser, carried } = serverThenBrowser(view, language);
      expect(browser).toBe(server);
      // Only what the page showed: the other errors and namespaces stay on the server.
      expect(Object.keys(carried).sort()).toEqual(["errors", "validation"]);
      expect(carried.errors).not.toHaveProperty("C22");
      expect(carried.errors).not.toHaveProperty("reportDownloadFailed");
      expect(JSON.stringify(carried).length).toBeLessThan(JSON.stringify(resources[language]).length / 5);
    },
  );

  it("decision 108: texts a component shows from its own state travel although the server never rendered them", () => {
    function Button({ busy }: { busy: boolean }) {
      const { t } = useTranslation("auth", ["login.submitting"]);
      return <button>{busy ? t("login.submitting") : t("login.submit")}</button>;
    }
    const recorder = new TextRecorder();
    render(<Button busy={false} />, "en_GB", resources.en_GB, recorder);
    const carried = pickTexts(resources.en_GB, recorder.entries);
    expect(render(<Button busy />, "en_GB", carried)).toBe(render(<Button busy />, "en_GB", resources.en_GB));
    expect(Object.keys(carried.auth ?? {})).toEqual(["login"]);
    expect(Object.keys((carried.auth as { login: object }).login).sort()).toEqual(["submit", "submitting"]);
  });

  it("decision 108: a group declared whole includes its texts without touching the shared translations", () => {
    const before = JSON.stringify(resources.de);
    const picked = pickTexts(resources.de, ["common:navigation.home", "common:navigation", "common:footer.legalNotice"]);
    expect(picked.common?.navigation).toEqual(resources.de.common?.navigation);
    expect(Object.keys(picked.common ?? {}).sort()).toEqual(["footer", "navigation"]);
    expect(JSON.stringify(resources.de)).toBe(before);
  });

  it("decision 108: the carried texts cannot close their script element", () => {
    const json = serializeTexts({ common: { evil: "</script><script>alert(1)</script><!-- & \u2028" } });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ common: { evil: "</script><script>alert(1)</script><!-- & \u2028" } });
  });

  it("decision 108: the data block of a page is the same on every request, per language, entries and registered texts", () => {
    /** The data block a document gets after rendering the navigation (and the dialog close text when asked). */
    function block(language: Language, withClose: boolean): LanguageResources {
      function Page() {
        const { t } = useTranslation("common");
        const errors = useTranslation("errors");
        return (
          <p>
            {t("navigation.home")}
            {withClose ? errors.t("close") : null}
          </p>
        );
      }
      const html = render(
        <>
          <Page />
          <DocumentTexts language={language} />
        </>,
        language,
        resources[language],
        new TextRecorder(),
      );
      return JSON.parse(/>(\{.*\})<\/script>/.exec(html)![1]) as LanguageResources;
    }
    const homeText = (language: Language) => pickTexts(resources[language], ["common:navigation.home"]);
    registerServerTexts(resources);
    const first = block("en_GB", false);
    expect(first).toEqual(homeText("en_GB"));
    expect(block("en_GB", false)).toEqual(first);
    expect(block("it", false)).toEqual(homeText("it"));
    expect(block("it", false)).not.toEqual(first);
    expect(block("en_GB", true)).toEqual(pickTexts(resources.en_GB, ["common:navigation.home", "errors:close"]));
    // Translations registered anew (the dev server reloading them) are what the next document carries.
    const changed = structuredClone(resources);
    (changed.en_GB.common!.navigation as Record<string, string>).home = "Modules (changed)";
    registerServerTexts(changed);
    expect(block("en_GB", false)).toEqual({ common: { navigation: { home: "Modules (changed)" } } });
    registerServerTexts(resources);
  });
});
