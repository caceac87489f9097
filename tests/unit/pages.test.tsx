import { parseWithZod } from "@conform-to/zod";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Notice, noticeFrom, type UserNotice } from "~/components/notice";
import { AREA_INDEPENDENT_ROUTES, pageExists } from "~/domain/customer";
import { faqEntries, supportText } from "~/domain/customer-texts";
import { profileSchema } from "~/forms/profile";
import type { Language } from "~/i18n/languages";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources.server";

/** The pure parts of the FAQ, profile and support pages and the user notification (docs/decisions/080, 081, 083). */
const texts = {
  "de-DU": {
    support: "Schreib uns.",
    faq: [
      { question: "Wie lange?", answer: "Eine Stunde." },
      { question: "  ", answer: "ohne Frage" },
      { question: "Ohne Antwort", answer: "" },
      "kaputt",
      null,
    ],
  },
  en_GB: { support: "  ", faq: [] },
  it: { faq: "keine Liste" },
};
const languages = ["de-DU", "en_GB", "it"];

describe("customer texts", () => {
  it("R-RTE-02 the FAQ in the page language; entries without question or answer are left out", () => {
    expect(faqEntries(texts, "de-DU", languages)).toEqual([{ question: "Wie lange?", answer: "Eine Stunde." }]);
  });

  it("R-RTE-02 an empty list in the page language means no questions; a missing one falls back to the first customer language", () => {
    expect(faqEntries(texts, "en_GB", languages)).toEqual([]);
    expect(faqEntries(texts, "it", languages)).toEqual([{ question: "Wie lange?", answer: "Eine Stunde." }]);
    expect(faqEntries(texts, "hu", languages)).toEqual([{ question: "Wie lange?", answer: "Eine Stunde." }]);
    expect(faqEntries({}, "de-DU", languages)).toEqual([]);
  });

  it("R-RTE-02 the support text falls back past blank texts; none at all is null", () => {
    expect(supportText(texts, "en_GB", languages)).toBe("Schreib uns.");
    expect(supportText({ en_GB: { support: "Write to us." } }, "en_GB", languages)).toBe("Write to us.");
    expect(supportText({}, "en_GB", languages)).toBeNull();
  });
});

describe("profile form", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(entries)) data.append(name, value);
    return data;
  };
  const valid = { firstName: " Anna ", lastName: "Becker", email: "anna@example.com", language: "en_GB" };

  it("R-VAL-06 names 1–100 characters on one line, a valid e-mail ≤ 254, one of the customer's languages", () => {
    const ok = parseWithZod(form(valid), { schema: profileSchema(languages, false) });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toMatchObject({ firstName: "Anna" });
    const bad = parseWithZod(
      form({ firstName: "A".repeat(101), lastName: "Becker\r\nX", email: `${"a".repeat(250)}@example.com`, language: "de" }),
      { schema: profileSchema(languages, false) },
    );
    expect(bad.status).toBe("error");
    expect(bad.status === "error" && bad.error).toMatchObject({
      firstName: ["validation:tooLong"],
      lastName: ["pages:profile.errors.singleLine"],
      email: ["validation:tooLong"],
      language: ["pages:profile.errors.language"],
    });
    const empty = parseWithZod(form({ firstName: "", lastName: "\t", email: "x@", language: "en_GB" }), {
      schema: profileSchema(languages, false),
    });
    expect(empty.status === "error" && empty.error).toMatchObject({ firstName: ["validation:required"], email: ["validation:email"] });
  });

  it("R-ROLE-02 anonymous applicants send only their language (names and e-mail are ignored)", () => {
    const result = parseWithZod(form({ ...valid, firstName: "" }), { schema: profileSchema(languages, true) });
    expect(result.status === "success" && result.value).toEqual({ language: "en_GB" });
  });
});

describe("user notification", () => {
  const render = (notice: UserNotice | undefined, language: Language = "en_GB") =>
    renderToStaticMarkup(
      <I18nProvider language={language} resources={resources[language]}>
        <Notice notice={notice} />
      </I18nProvider>,
    );

  it("R-SCR-10 a success or info notice is announced politely, an error at once, translated", () => {
    expect(render({ key: "pages:profile.saved", kind: "success" })).toBe(
      '<p class="notice notice-success" role="status">Your details have been saved.</p>',
    );
    expect(render({ key: "pages:profile.saved", kind: "success" }, "de-DU")).toContain("Deine Angaben wurden gespeichert.");
    expect(render({ key: "pages:videos.notFound", kind: "info" })).toBe(
      '<p class="notice notice-info" role="status">This video is not available.</p>',
    );
    expect(render({ key: "errors:API01.message", kind: "error" })).toBe(
      '<p class="notice notice-error" role="alert">The request could not be completed.</p>',
    );
    expect(render(undefined)).toBe("");
  });

  it("R-SCR-10 the flashed value: a plain key is a success, an object names its kind, anything else is no notice", () => {
    expect(noticeFrom("common:newsletter.thanks")).toEqual({ key: "common:newsletter.thanks", kind: "success" });
    expect(noticeFrom({ key: "pages:profile.saved", kind: "error" })).toEqual({ key: "pages:profile.saved", kind: "error" });
    expect(noticeFrom({ key: "pages:profile.saved", kind: "shout" })).toEqual({ key: "pages:profile.saved", kind: "success" });
    for (const value of [undefined, null, "", 3, {}, { key: 1 }]) expect(noticeFrom(value)).toBeUndefined();
  });
});

describe("the video player's tracking route", () => {
  it("R-RTE-08 track-video answers in every area: it is an action, not a page", () => {
    expect(AREA_INDEPENDENT_ROUTES).toContain("track-video");
    expect(
      pageExists({ area: { name: "x", root: "login", pages: ["login"], onSite: false }, extensions: [], exclude: [] }, "track-video"),
    ).toBe(true);
  });
});
