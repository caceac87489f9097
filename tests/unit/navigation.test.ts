import { describe, expect, it } from "vitest";
import { areaRootPage, customerPages, pageExists, pageWithoutActiveProfile, PROFILE_SPECIFIC_PAGES } from "~/domain/customer";
import { navigationFor, NAVIGATION_ENTRIES } from "~/domain/navigation";
import { DEMO_AREAS } from "../support/demo-areas";

const labels = (pages: string[], current = "") => navigationFor(pages, current).map((item) => item.page);
const area = (pages: string[], root = "login") => ({ name: "test", root, pages, onSite: false });

describe("navigation", () => {
  it("R-NAV-01 entries are ordered by rank 5, 10, 11, 20, 40, 60, 70", () => {
    expect(NAVIGATION_ENTRIES.map((entry) => [entry.page, entry.rank])).toEqual([
      ["profileChooser", 5],
      ["home", 10],
      ["newsletter", 11],
      ["profile", 20],
      ["FAQ", 40],
      ["report", 60],
      ["support", 70],
    ]);
    const ranks = NAVIGATION_ENTRIES.map((entry) => entry.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // The order is the rank, whatever order the configuration lists the pages in.
    expect(labels(["support", "FAQ", "home", "report", "newsletter", "profile", "profileChooser"])).toEqual([
      "profileChooser",
      "home",
      "newsletter",
      "profile",
      "FAQ",
      "report",
      "support",
    ]);
  });

  it("R-NAV-01 only pages of the area get an entry; assessment, login and page-not-found never do", () => {
    expect(labels(["login", "assessment", "page-not-found", "home"])).toEqual(["home"]);
  });

  it("R-NAV-01 the current page is marked, and only that one", () => {
    const items = navigationFor(["home", "FAQ", "report"], "FAQ");
    expect(items.filter((item) => item.current).map((item) => item.page)).toEqual(["FAQ"]);
    expect(navigationFor(["home"], "assessment").some((item) => item.current)).toBe(false);
  });

  const expected: Record<string, string[]> = {
    demo: ["profileChooser", "home", "profile", "FAQ", "report", "support"],
    "demo-vor-ort": ["profileChooser", "home", "profile", "FAQ", "report", "support"],
    azubi: ["profileChooser", "home", "FAQ", "report"],
    initiativ: ["profileChooser", "home", "profile"],
    preview: ["profileChooser", "home", "newsletter"],
  };
  for (const demo of DEMO_AREAS) {
    it(`R-NAV-01 R-RTE-06 membership and order for ${demo.cstm}`, () => {
      expect(labels(demo.pages)).toEqual(expected[demo.cstm]);
    });
  }
});

describe("page sets and roots", () => {
  it("R-RTE-08 an excluded page does not exist (initiativ excludes FAQ)", () => {
    const config = { area: area(["login", "FAQ", "home"], "landing"), extensions: [], exclude: ["FAQ"] };
    expect(pageExists(config, "FAQ")).toBe(false);
    expect(pageExists(config, "home")).toBe(true);
  });

  it("R-RTE-08 an extension adds a page; exclude wins over an extension", () => {
    expect(pageExists({ area: area(["login"]), extensions: ["support"], exclude: [] }, "support")).toBe(true);
    expect(pageExists({ area: area(["login"]), extensions: ["support"], exclude: ["support"] }, "support")).toBe(false);
  });

  it("R-RTE-07 page-not-found exists even when the configuration omits or excludes it", () => {
    expect(pageExists({ area: area(["login"]), extensions: [], exclude: ["page-not-found"] }, "page-not-found")).toBe(true);
  });

  it("R-RTE-08 page names are matched exactly as configured (faq is not FAQ)", () => {
    expect(pageExists({ area: area(["FAQ"]), extensions: [], exclude: [] }, "faq")).toBe(false);
  });

  it("R-NAV-01 logout answers in every area: it is an action, not a page of the set", () => {
    expect(pageExists({ area: area(["login"]), extensions: [], exclude: [] }, "logout")).toBe(true);
    expect(customerPages({ area: area(["login"]), extensions: [], exclude: [] }).has("logout")).toBe(false);
  });

  it("R-RTE-06 the root leads to the area's root page, falling back to login, never looping", () => {
    expect(areaRootPage({ area: area(["login", "landing"], "landing"), extensions: [], exclude: [] })).toBe("landing");
    expect(areaRootPage({ area: area(["login", "landing"], "landing"), extensions: [], exclude: ["landing"] })).toBe("login");
    expect(areaRootPage({ area: area(["home"], "landing"), extensions: [], exclude: [] })).toBe("page-not-found");
  });

  it("R-RTE-02 home, assessment and report are profile specific; profileChooser is not", () => {
    expect([...PROFILE_SPECIFIC_PAGES].sort()).toEqual(["assessment", "home", "report"]);
  });

  it("R-RTE-05 without an active profile: the profile chooser, else home, never the asking page", () => {
    expect(pageWithoutActiveProfile(new Set(["home", "profileChooser", "report"]), "report")).toBe("profileChooser");
    expect(pageWithoutActiveProfile(new Set(["home", "report"]), "report")).toBe("home");
    expect(pageWithoutActiveProfile(new Set(["home", "report"]), "home")).toBe("page-not-found");
  });
});
