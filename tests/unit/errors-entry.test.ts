import { describe, expect, it } from "vitest";
import { CATALOGUE, type ErrorCode } from "~/errors/catalogue";
import { errorButton } from "~/errors/selection";
import { resources } from "~/i18n/resources.server";
import type { Language } from "~/i18n/languages";

/**
 * An error entry of spec §3 as the error view gets it: the behaviour from the catalogue, the words
 * (title, message, btnText) from the language's errors namespace under the code.
 */
function errorEntry(code: ErrorCode, language: Language = "en_GB") {
  const { showBtn, btnLink, disableClose } = CATALOGUE[code];
  const words = resources[language].errors?.[code] as { title?: string; message?: string; button?: string } | undefined;
  return {
    code: CATALOGUE[code].code,
    title: words?.title,
    message: words?.message,
    disableClose,
    showBtn,
    btnText: words?.button,
    btnLink,
  };
}

describe("R-ENT-02 an error entry", () => {
  it("R-ENT-02 carries code, title, message, disableClose, showBtn, btnText and btnLink", () => {
    expect(errorEntry("C02")).toEqual({
      code: "C02",
      title: "Session expired",
      message: "Your session has expired. Please sign in again.",
      disableClose: true,
      showBtn: true,
      btnText: "Go to login",
      btnLink: "/login?redirectTo={redirectTo}",
    });
    expect(errorEntry("API01")).toEqual({
      code: "API01",
      title: "Unknown request error",
      message: "The request could not be completed.",
      disableClose: false,
      showBtn: true,
      btnText: "Go to login",
      btnLink: "/login",
    });
    // Entries without a button have neither text nor link; E02 cannot be closed, E01 can.
    expect(errorEntry("E02")).toEqual({
      code: "E02",
      title: "URL error",
      message: "The link is invalid. Please check the link you received.",
      disableClose: true,
      showBtn: false,
      btnText: undefined,
      btnLink: undefined,
    });
    expect(errorEntry("E01")).toEqual({
      code: "E01",
      title: "Unknown error",
      message: "Please check your entries and try again.",
      disableClose: false,
      showBtn: false,
      btnText: undefined,
      btnLink: undefined,
    });
    // The btnLink is where the button leads: C02's to the customer's login, back to the page.
    expect(errorButton(CATALOGUE.C02, { onSite: false, cstm: "demo", params: { redirectTo: "/demo/home" } })).toEqual({
      kind: "link",
      href: "/demo/login?redirectTo=%2Fdemo%2Fhome",
    });
  });
});
