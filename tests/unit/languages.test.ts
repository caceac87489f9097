import { describe, expect, it } from "vitest";
import { htmlLang, resolveLanguage } from "~/i18n/languages";

describe("language rules", () => {
  const demo = ["de-DU", "de", "en_GB", "hu", "it"];

  it("R-LANG-01 no langId → first project language", () => {
    expect(resolveLanguage(demo, null)).toEqual({ ok: true, language: "de-DU" });
  });

  it("R-LANG-01 a project language as langId is used", () => {
    expect(resolveLanguage(demo, "hu")).toEqual({ ok: true, language: "hu" });
  });

  it("R-LANG-01 with one project language, that language is used", () => {
    expect(resolveLanguage(["de"], "de")).toEqual({ ok: true, language: "de" });
    expect(resolveLanguage(["de"], null, "en_GB")).toEqual({ ok: true, language: "de" });
  });

  it("R-LANG-01 the language chosen earlier in the session is kept without langId", () => {
    expect(resolveLanguage(demo, null, "it")).toEqual({ ok: true, language: "it" });
    expect(resolveLanguage(["de-DU", "en_GB"], null, "it")).toEqual({ ok: true, language: "de-DU" });
  });

  it("R-LANG-02 a langId outside the project's languages is an error (E02)", () => {
    expect(resolveLanguage(["de-DU", "en_GB"], "hu")).toEqual({ ok: false, reason: "unknown-language" });
    expect(resolveLanguage(demo, "<script>")).toEqual({ ok: false, reason: "unknown-language" });
    expect(resolveLanguage(demo, "")).toEqual({ ok: false, reason: "unknown-language" });
  });

  it("R-LANG-02 a project without languages is an error", () => {
    expect(resolveLanguage([], null)).toEqual({ ok: false, reason: "no-project-languages" });
    expect(resolveLanguage(["xx"], null)).toEqual({ ok: false, reason: "no-project-languages" });
  });

  it("html lang is a valid BCP 47 tag", () => {
    expect(htmlLang("de-DU")).toBe("de");
    expect(htmlLang("en_GB")).toBe("en-GB");
    expect(htmlLang("hu")).toBe("hu");
    expect(htmlLang("it")).toBe("it");
    expect(htmlLang("de")).toBe("de");
  });
});
