import { describe, expect, it } from "vitest";
import { customerPages, pageExists, pageOfPath } from "~/domain/customer";
import { customerPath } from "~/domain/customer-path";
import { layoutFromMatches } from "~/handle";

const area = (pages: string[]) => ({ name: "test", root: "login", pages, onSite: false });

describe("customer paths and page sets", () => {
  it("R-TEN-02 building a customer path without a cstm fails with 'no cstm defined'", () => {
    expect(() => customerPath(undefined, "/login")).toThrow("no cstm defined");
    expect(() => customerPath("", "/login")).toThrow("no cstm defined");
    expect(() => customerPath(null)).toThrow("no cstm defined");
  });

  it("R-TEN-04 links get the customer segment unless absolute or already prefixed", () => {
    expect(customerPath("demo", "/login")).toBe("/demo/login");
    expect(customerPath("demo", "login")).toBe("/demo/login");
    expect(customerPath("demo", "/demo/login")).toBe("/demo/login");
    expect(customerPath("demo", "/demo?x=1")).toBe("/demo?x=1");
    expect(customerPath("demo", "/demo-vor-ort/login")).toBe("/demo/demo-vor-ort/login");
    expect(customerPath("demo", "https://example.com/x")).toBe("https://example.com/x");
    expect(customerPath("demo")).toBe("/demo");
  });

  it("R-RTE-08 pages = area pages + extensions − exclude, page-not-found always (R-RTE-07)", () => {
    const pages = customerPages({ area: area(["login", "FAQ", "home"]), extensions: ["support"], exclude: ["FAQ"] });
    expect([...pages].sort()).toEqual(["home", "login", "page-not-found", "support"]);
    expect(pageExists({ area: area(["login"]), extensions: [], exclude: [] }, "FAQ")).toBe(false);
    expect(pageExists({ area: area(["login"]), extensions: [], exclude: [] }, "")).toBe(true);
  });

  it("the page of a path is its first segment after the customer", () => {
    expect(pageOfPath("/demo/login")).toBe("login");
    expect(pageOfPath("/demo/reset-password/abc/de")).toBe("reset-password");
    expect(pageOfPath("/demo")).toBe("");
    expect(pageOfPath("/demo/")).toBe("");
  });

  it("R-LAY-01 the layout comes from route metadata and defaults to Dashboard", () => {
    expect(layoutFromMatches([{ handle: undefined }, { handle: {} }])).toBe("dashboard");
    expect(layoutFromMatches([{ handle: { layout: "error" } }, { handle: { layout: "landing" } }])).toBe("landing");
    expect(layoutFromMatches([{ handle: { layout: "landing" } }, { handle: {} }])).toBe("landing");
  });
});
