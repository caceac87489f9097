import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CATALOGUE, ERROR_CODES, type ErrorCode } from "~/errors/catalogue";
import type { ShownError } from "~/errors/catalogue-error";
import { ConnectionLostView } from "~/errors/connection-lost";
import { ErrorView, type ErrorViewProps } from "~/errors/error-view";
import { SUPPORTED_LANGUAGES, type Language } from "~/i18n/languages";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources.server";
import type { ResourceTree } from "~/i18n/translator";

function render(props: ErrorViewProps, language: Language = "en_GB"): string {
  return renderToStaticMarkup(
    <I18nProvider language={language} resources={resources[language]}>
      <ErrorView {...props} />
    </I18nProvider>,
  );
}

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** The visible text: inline elements joined into their sentence, blocks separated by a space. */
function text(html: string): string {
  return decode(html.replace(/<\/?(a|code|span)\b[^>]*>/g, "").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

function errorsText(language: Language, key: string): string | undefined {
  const value = key.split(".").reduce<unknown>((node, part) => (node as ResourceTree | undefined)?.[part], resources[language].errors);
  return typeof value === "string" ? value : undefined;
}

const base = { cstm: "demo", requestId: "req-0001-abcd", closeHref: "/demo/home", supportEmail: "support@assessment.example" };
const links = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)</g)]
    .map((match) => ({ href: decode(match[1]), label: decode(match[2]) }))
    .filter((link) => !link.href.startsWith("mailto:"));

describe("R-CAT-01 every catalogue entry renders in all five languages", () => {
  for (const language of SUPPORTED_LANGUAGES) {
    for (const code of ERROR_CODES) {
      it(`R-CAT-01 ${code} in ${language}: code, title, message and button, no missing key`, () => {
        const params = code === "C22" || code === "C23" ? { profileId: "P500" } : undefined;
        const html = render({ ...base, errors: [{ code, params }] }, language);
        const shown = text(html);
        const title = errorsText(language, `${code}.title`);
        expect(title, `${language}/errors:${code}.title`).toBeTruthy();
        expect(shown).toContain(title!);
        if (CATALOGUE[code].hasMessage) {
          const message = errorsText(language, `${code}.message`);
          expect(message, `${language}/errors:${code}.message`).toBeTruthy();
          expect(shown).toContain(message!);
        }
        if (CATALOGUE[code].showBtn) {
          const button = errorsText(language, `${code}.button`);
          expect(button, `${language}/errors:${code}.button`).toBeTruthy();
          expect(links(html).map((link) => link.label)).toContain(button);
        }
        // An untranslated key would show as "C02.title", "errors:…" or "{{…}}".
        expect(shown).not.toMatch(/\b(E0\d|C\d\d|API0\d|DP01|Chunk)\.(title|message|button)\b/);
        expect(shown).not.toMatch(/errors:|\{\{|codeLabel|defaultHint|moreErrors/);
        expect(shown).toContain(code);
      });
    }
  }
});

describe("R-SCR-13 the error view", () => {
  it("R-SCR-13 shows the main error's code, title and message and the request id as a reference", () => {
    const html = render({ ...base, errors: [{ code: "API02" }] });
    expect(text(html)).toContain("Error code API02 Network problem Please check your Internet connection.");
    expect(text(html)).toContain(
      "If you contact support, please give them this reference: it helps them find what went wrong. req-0001-abcd",
    );
    expect(html).toContain('role="alert"');
  });

  it("R-SCR-13 R-CAT-05 the reference says why to pass it on, in the applicant's language, the id on a line of its own", () => {
    const informal = render({ ...base, errors: [{ code: "API02" }] }, "de-DU");
    expect(text(informal)).toContain(
      "Wenn du dich an den Support wendest, gib bitte diese Referenz an: Damit lässt sich herausfinden, was schiefgelaufen ist. req-0001-abcd",
    );
    const formal = render({ ...base, errors: [{ code: "API02" }] }, "de");
    expect(text(formal)).toContain("Wenn Sie sich an den Support wenden, geben Sie bitte diese Referenz an");
    // Its own element, which app.css makes select-all (one click selects the whole id) and page translators leave alone;
    // no Copy button in the server's HTML: it appears once JavaScript runs (tests/e2e/errors.spec.ts).
    expect(informal).toContain('<p class="error-reference-line"><code class="error-reference-id" translate="no">req-0001-abcd</code></p>');
    expect(informal).not.toContain("<button");
  });

  it("R-CAT-04 an entry without a message shows the default hint with the support address", () => {
    const html = render({ ...base, errors: [{ code: "C05" }] });
    expect(text(html)).toContain("No authorisation Try again or contact support@assessment.example.");
    expect(html).toContain('href="mailto:support@assessment.example"');
    const german = render({ ...base, errors: [{ code: "C05" }] }, "de");
    expect(text(german)).toContain("Versuchen Sie es erneut oder wenden Sie sich an support@assessment.example.");
    const informal = render({ ...base, errors: [{ code: "C05" }] }, "de-DU");
    expect(text(informal)).toContain("Versuch es erneut oder wende dich an support@assessment.example.");
  });

  it("R-CAT-04 entries with their own message show no hint", () => {
    expect(text(render({ ...base, errors: [{ code: "API02" }] }))).not.toContain("Try again or contact");
  });

  it("R-ERR-01 C02 is the main error even when it is not the first; the others are listed newest first", () => {
    const errors: ShownError[] = [{ code: "DP01" }, { code: "C02" }, { code: "API02" }];
    const shown = text(render({ ...base, errors }));
    expect(shown).toMatch(/^Error code C02 Session expired/);
    expect(shown).toContain("More errors DP01 Data protection statement could not be loaded API02 Network problem");
  });

  it("R-ERR-01 R-CAT-01 C02 cannot be closed and its button leads to the customer's login", () => {
    const html = render({ ...base, errors: [{ code: "C02" }] });
    expect(links(html)).toEqual([{ href: "/demo/login", label: "Go to login" }]);
  });

  it("R-CAT-02 C22 leads to the registration for the user's profile and cannot be closed", () => {
    const html = render({ ...base, errors: [{ code: "C22", params: { profileId: "P500" } }] });
    expect(links(html)).toEqual([{ href: "/demo/registration?profileId=P500", label: "Register again" }]);
  });

  it("R-LANG-02 E02 has neither button nor close", () => {
    expect(links(render({ ...base, errors: [{ code: "E02" }] }))).toEqual([]);
  });

  it("R-ERR-02 a closable error closes with a link back to where the user was", () => {
    expect(links(render({ ...base, errors: [{ code: "API02" }] }))).toEqual([{ href: "/demo/home", label: "Close" }]);
  });

  it("R-ERR-02 without a link the button closes the error (C04 'Retry')", () => {
    expect(links(render({ ...base, errors: [{ code: "C04" }] }))).toEqual([
      { href: "/demo/home", label: "Retry" },
      { href: "/demo/home", label: "Close" },
    ]);
  });

  it("R-ERR-02 R-SCR-13 the button is hidden on-site", () => {
    expect(links(render({ ...base, onSite: true, errors: [{ code: "API01" }] }))).toEqual([{ href: "/demo/home", label: "Close" }]);
    expect(links(render({ ...base, onSite: true, errors: [{ code: "C02" }] }))).toEqual([]);
  });

  it("R-CAT-05 when every error is suppressed the page still says what happened (E01)", () => {
    expect(text(render({ ...base, errors: [{ code: "API02", suppress: true }] }))).toContain("Error code E01 Unknown error");
  });

  it("never renders anything of an exception: only catalogue texts and the reference", () => {
    const codes: ErrorCode[] = [...ERROR_CODES];
    for (const code of codes) expect(render({ ...base, errors: [{ code }] })).not.toMatch(/at .*\.(js|ts):\d+|Error:/);
  });
});

describe("spec §8 Chunk: the shell's 'Connection lost' view (decision 164)", () => {
  const inLanguage = (language: Language, view: JSX.Element) =>
    renderToStaticMarkup(
      <I18nProvider language={language} resources={resources[language]}>
        {view}
      </I18nProvider>,
    );

  for (const language of SUPPORTED_LANGUAGES) {
    it(`R-SCR-13 renders in ${language} what the error UI renders for Chunk: code, title, message, Close and the reference`, () => {
      const shell = inLanguage(language, <ConnectionLostView closeHref="/demo/login?langId=de-DU" requestId="req-0001-abcd" />);
      expect(shell).toBe(
        render({ errors: [{ code: "Chunk" }], cstm: "demo", closeHref: "/demo/login?langId=de-DU", requestId: "req-0001-abcd" }, language),
      );
      expect(text(shell)).toContain(errorsText(language, "Chunk.message"));
    });
  }

  it("R-ERR-02 without a customer it has no Close link, without a request id no reference", () => {
    const shell = inLanguage("en_GB", <ConnectionLostView />);
    expect(shell).toBe(render({ errors: [{ code: "Chunk" }] }));
    expect(links(shell)).toEqual([]);
    expect(text(shell)).toBe(`Error code Chunk Network error ${errorsText("en_GB", "Chunk.message")}`);
  });
});
