import { describe, expect, it } from "vitest";
import { CATALOGUE, ERROR_CODES } from "~/errors/catalogue";
import { CatalogueError, isCatalogueError } from "~/errors/catalogue-error";
import { closeTarget } from "~/errors/close-target";
import { errorButton, onSiteInQuery, pushError, selectMainError, supportAddress } from "~/errors/selection";
import { settleAll } from "~/errors/stack";

describe("R-CAT-01 the catalogue", () => {
  it("R-CAT-01 has every code of spec §8", () => {
    expect([...ERROR_CODES].sort()).toEqual(
      [
        "E01",
        "E02",
        "C01",
        "C02",
        "C03",
        "C04",
        "C05",
        "C06",
        "C07",
        "C10",
        "C11",
        "C12",
        "C13",
        "C14",
        "C22",
        "C23",
        "API01",
        "API02",
        "API03",
        "DP01",
        "Chunk",
      ].sort(),
    );
  });

  it("R-CAT-01 button and closing behaviour of the §8 table", () => {
    const behaviour = (code: keyof typeof CATALOGUE) => {
      const { showBtn, btnLink, disableClose } = CATALOGUE[code];
      return { showBtn, btnLink, disableClose };
    };
    expect(behaviour("E02")).toEqual({ showBtn: false, btnLink: undefined, disableClose: true });
    expect(behaviour("C02")).toEqual({ showBtn: true, btnLink: "/login?redirectTo={redirectTo}", disableClose: true });
    expect(behaviour("C03")).toEqual({ showBtn: true, btnLink: "/login?redirectTo={redirectTo}", disableClose: true });
    expect(behaviour("C22")).toEqual({ showBtn: true, btnLink: "/registration?profileId={profileId}", disableClose: true });
    expect(behaviour("C23")).toEqual({ showBtn: true, btnLink: "/registration?profileId={profileId}", disableClose: true });
    expect(behaviour("C04")).toEqual({ showBtn: true, btnLink: undefined, disableClose: false });
    expect(behaviour("C05")).toEqual({ showBtn: true, btnLink: undefined, disableClose: false });
    expect(behaviour("API01")).toEqual({ showBtn: true, btnLink: "/login", disableClose: false });
    expect(behaviour("C06")).toEqual({ showBtn: false, btnLink: undefined, disableClose: true });
    expect(behaviour("C07")).toEqual({ showBtn: false, btnLink: undefined, disableClose: true });
    expect(behaviour("C14")).toEqual({ showBtn: false, btnLink: undefined, disableClose: true });
    for (const code of ["E01", "C01", "C10", "C11", "C12", "C13", "API02", "API03", "DP01", "Chunk"] as const) {
      expect(CATALOGUE[code].showBtn, code).toBe(false);
    }
    // C05 has the empty message of the spec: the default hint stands in.
    expect(ERROR_CODES.filter((code) => !CATALOGUE[code].hasMessage)).toEqual(["C05"]);
  });
});

describe("R-ERR-01 the main error", () => {
  it("R-ERR-01 is the first error with C02, C03, C23 or C22", () => {
    const selection = selectMainError([{ code: "API01" }, { code: "C23" }, { code: "C02" }, { code: "E01" }]);
    expect(selection?.main.code).toBe("C23");
    expect(selection?.secondary.map((error) => error.code)).toEqual(["API01", "C02", "E01"]);
  });

  it("R-ERR-01 is the first error when none of those is there", () => {
    const selection = selectMainError([{ code: "DP01" }, { code: "API02" }]);
    expect(selection?.main.code).toBe("DP01");
    expect(selection?.secondary.map((error) => error.code)).toEqual(["API02"]);
  });

  it("R-CAT-05 suppressed errors are not shown (and cannot be the main error)", () => {
    const selection = selectMainError([{ code: "C02", suppress: true }, { code: "API02" }]);
    expect(selection?.main.code).toBe("API02");
    expect(selection?.secondary).toEqual([]);
    expect(selectMainError([{ code: "API02", suppress: true }])).toBeNull();
  });
});

describe("R-ERR-02 the error button", () => {
  it("R-ERR-02 shows only when the entry has showBtn", () => {
    expect(errorButton(CATALOGUE.API02, { onSite: false, cstm: "demo" })).toBeNull();
    expect(errorButton(CATALOGUE.C02, { onSite: false, cstm: "demo" })).toEqual({ kind: "link", href: "/demo/login" });
    // Decision 126: an expired session names the page, so signing in again leads back to it.
    expect(errorButton(CATALOGUE.C02, { onSite: false, cstm: "demo", params: { redirectTo: "/demo/assessment/40?field=a" } })).toEqual({
      kind: "link",
      href: "/demo/login?redirectTo=%2Fdemo%2Fassessment%2F40%3Ffield%3Da",
    });
  });

  it("R-ERR-02 is hidden on-site", () => {
    expect(errorButton(CATALOGUE.C02, { onSite: true, cstm: "demo" })).toBeNull();
    expect(errorButton(CATALOGUE.C04, { onSite: true, cstm: "demo" })).toBeNull();
  });

  it("R-ERR-02 the on-site flag in the query string counts (any value but false / 0)", () => {
    expect(onSiteInQuery("?onSite")).toBe(true);
    expect(onSiteInQuery("?langId=de&onSite=1")).toBe(true);
    expect(onSiteInQuery("?onSite=true")).toBe(true);
    expect(onSiteInQuery("?onSite=false")).toBe(false);
    expect(onSiteInQuery("?onSite=0")).toBe(false);
    expect(onSiteInQuery("?langId=de")).toBe(false);
  });

  it("R-ERR-02 R-TEN-04 a relative link gets the customer segment, unless it already has it", () => {
    expect(errorButton({ showBtn: true, btnLink: "/login" }, { onSite: false, cstm: "azubi" })).toEqual({
      kind: "link",
      href: "/azubi/login",
    });
    expect(errorButton({ showBtn: true, btnLink: "login" }, { onSite: false, cstm: "azubi" })).toEqual({
      kind: "link",
      href: "/azubi/login",
    });
    expect(errorButton({ showBtn: true, btnLink: "/azubi/login" }, { onSite: false, cstm: "azubi" })).toEqual({
      kind: "link",
      href: "/azubi/login",
    });
  });

  it("R-ERR-02 R-TEN-04 a link starting with http is used as it is", () => {
    expect(errorButton({ showBtn: true, btnLink: "https://example.com/help" }, { onSite: false, cstm: "demo" })).toEqual({
      kind: "link",
      href: "https://example.com/help",
    });
  });

  it("R-CAT-02 C22/C23 lead to the registration for the user's profile", () => {
    expect(errorButton(CATALOGUE.C22, { onSite: false, cstm: "demo", params: { profileId: "P500" } })).toEqual({
      kind: "link",
      href: "/demo/registration?profileId=P500",
    });
    // Without a known profile the parameter is dropped, not sent empty.
    expect(errorButton(CATALOGUE.C23, { onSite: false, cstm: "demo" })).toEqual({ kind: "link", href: "/demo/registration" });
  });

  it("R-ERR-02 without a link the button closes the error", () => {
    expect(errorButton(CATALOGUE.C04, { onSite: false, cstm: "demo" })).toEqual({ kind: "close" });
  });

  it("a customer-relative link without a customer (the bare host) shows no button", () => {
    expect(errorButton(CATALOGUE.API01, { onSite: false })).toBeNull();
  });
});

describe("R-ERR-03 closing and the error stack", () => {
  it("R-ERR-03 closing leads back to where the user was, within the same customer", () => {
    expect(closeTarget("/demo/profile?tab=2", "demo")).toBe("/demo/profile?tab=2");
    expect(closeTarget("/demo", "demo")).toBe("/demo");
    expect(closeTarget(undefined, "demo")).toBe("/demo");
    // Never another customer, another site, or anything that is not a path.
    expect(closeTarget("/azubi/home", "demo")).toBe("/demo");
    expect(closeTarget("/demonstration/home", "demo")).toBe("/demo");
    expect(closeTarget("//evil.example/demo", "demo")).toBe("/demo");
    expect(closeTarget("https://evil.example/demo/x", "demo")).toBe("/demo");
    expect(closeTarget("/demo\\..\\x", "demo")).toBe("/demo");
    expect(closeTarget("/demo/x", undefined)).toBeUndefined();
  });

  it("R-ERR-03 a new error goes on top of the stack", () => {
    expect(pushError([{ code: "API02" }], { code: "DP01" })).toEqual([{ code: "DP01" }, { code: "API02" }]);
  });

  it("R-ERR-03 settleAll throws every failure of parallel calls as one stack, newest first", async () => {
    // Settled in an order the test decides (no timers): API02 fails first, then DP01.
    const deferred = <T>() => {
      let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
      const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
      return { promise, ...settle };
    };
    const dataProtection = deferred<never>();
    const profiles = deferred<string>();
    const configuration = deferred<never>();
    const settled = settleAll([dataProtection.promise, profiles.promise, configuration.promise]).catch((error: unknown) => error);
    configuration.reject(new CatalogueError("API02"));
    await Promise.resolve();
    profiles.resolve("profiles");
    await Promise.resolve();
    dataProtection.reject(new CatalogueError("DP01"));
    const failure = await settled;
    expect(isCatalogueError(failure)).toBe(true);
    expect((failure as CatalogueError).data.errors.map((error) => error.code)).toEqual(["DP01", "API02"]);
    expect((failure as CatalogueError).init.status).toBe(CATALOGUE.DP01.status);
    await expect(settleAll([Promise.resolve(1), Promise.resolve("two")])).resolves.toEqual([1, "two"]);
  });

  it("R-ERR-01 a stack's page status is its main error's", () => {
    const stacked = CatalogueError.stack([new CatalogueError("API01"), new CatalogueError("C03")]);
    expect(stacked.data.errors.map((error) => error.code)).toEqual(["API01", "C03"]);
    expect(stacked.init.status).toBe(401);
  });

  it("anything that is not a catalogue error (a redirect, a bug) is thrown as it is", async () => {
    const redirect = new Response(null, { status: 302 });
    await expect(settleAll([Promise.reject(redirect), Promise.reject(new CatalogueError("API02"))])).rejects.toBe(redirect);
  });
});

describe("R-CAT-04 the default hint's address", () => {
  it("R-CAT-04 is support@{host} of the request", () => {
    expect(supportAddress("assessment.example.com")).toBe("support@assessment.example.com");
    expect(supportAddress("LOCALHOST")).toBe("support@localhost");
  });

  it("R-CAT-04 is the customer's configured address when there is one", () => {
    expect(supportAddress("assessment.example.com", "hilfe@kunde.example")).toBe("hilfe@kunde.example");
    expect(supportAddress("assessment.example.com", "not an address")).toBe("support@assessment.example.com");
  });
});
