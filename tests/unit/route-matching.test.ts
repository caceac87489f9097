import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as Router from "@remix-run/router";

// The server loads @remix-run/router's CommonJS build, which patches/ changes to keep the ranked
// branches of a route table and the compiled paths (decision 161) and the matches of each pathname
// (decision 163): matching must not change, and no caller may see another caller's changes.
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as typeof Router;

const table = (loginPath: string): Router.AgnosticRouteObject[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "routes/_index", index: true },
      {
        id: "routes/$cstm",
        path: ":cstm",
        children: [
          { id: "routes/$cstm.login", path: loginPath },
          { id: "routes/$cstm.home", path: "home" },
          { id: "routes/$cstm.assessment.$moduleId", path: "assessment/:moduleId" },
          { id: "routes/$cstm.$", path: "*" },
        ],
      },
    ],
  },
];

const leaf = (routes: Router.AgnosticRouteObject[], pathname: string) => {
  const matches = matchRoutes(routes, pathname);
  const last = matches?.at(-1);
  return last && { id: last.route.id, params: last.params };
};

describe("route matching with the patched router", () => {
  it("matches every path of one route table as before, whatever was matched first", () => {
    const routes = table("login");
    for (let round = 0; round < 3; round++) {
      expect(leaf(routes, "/demo/login")).toEqual({ id: "routes/$cstm.login", params: { cstm: "demo" } });
      expect(leaf(routes, "/acme/assessment/31")).toEqual({
        id: "routes/$cstm.assessment.$moduleId",
        params: { cstm: "acme", moduleId: "31" },
      });
      expect(leaf(routes, "/demo/HOME/")).toEqual({ id: "routes/$cstm.home", params: { cstm: "demo" } });
      expect(leaf(routes, "/demo/no/such/page")).toEqual({ id: "routes/$cstm.$", params: { cstm: "demo", "*": "no/such/page" } });
      expect(leaf(routes, "/")).toEqual({ id: "routes/_index", params: {} });
    }
  });

  it("keeps what it learnt per route table: another table with other paths matches its own routes", () => {
    expect(leaf(table("login"), "/demo/sign-in")?.id).toBe("routes/$cstm.$");
    expect(leaf(table("sign-in"), "/demo/sign-in")?.id).toBe("routes/$cstm.login");
    expect(leaf(table("sign-in"), "/demo/login")?.id).toBe("routes/$cstm.$");
  });

  it("gives every caller its own matches: changing one answer changes nothing for the next request", () => {
    const routes = table("login");
    const first = matchRoutes(routes, "/demo/assessment/31");
    expect(first?.map((match) => match.route.id)).toEqual(["root", "routes/$cstm", "routes/$cstm.assessment.$moduleId"]);
    // Like the router's own answer, the matches of one answer share one params object.
    expect(new Set(first?.map((match) => match.params)).size).toBe(1);
    // A caller that writes into its answer anyway (the type says read-only; JavaScript does not enforce it).
    (first![2].params as Record<string, string>).moduleId = "changed";
    first![2].pathname = "/changed";
    first!.pop();
    const second = matchRoutes(routes, "/demo/assessment/31");
    expect(second?.map((match) => [match.route.id, match.pathname, match.params.moduleId])).toEqual([
      ["root", "/", "31"],
      ["routes/$cstm", "/demo", "31"],
      ["routes/$cstm.assessment.$moduleId", "/demo/assessment/31", "31"],
    ]);
  });

  it("matches encoded paths by their decoded form, and still matches after more distinct paths than it keeps", () => {
    const routes = table("login");
    expect(leaf(routes, "/demo/assessment/a%20b")?.params).toEqual({ cstm: "demo", moduleId: "a b" });
    for (let index = 0; index < 1_200; index++) {
      expect(leaf(routes, `/c${index}/assessment/${index}`)).toEqual({
        id: "routes/$cstm.assessment.$moduleId",
        params: { cstm: `c${index}`, moduleId: String(index) },
      });
    }
    expect(leaf(routes, "/demo/assessment/a%20b")?.params).toEqual({ cstm: "demo", moduleId: "a b" });
    expect(matchRoutes(routes, "/demo/login", "/other")).toBeNull();
    expect(matchRoutes(routes, "/base/demo/login", "/base")?.at(-1)?.route.id).toBe("routes/$cstm.login");
    expect(leaf(routes, "/demo/login")?.id).toBe("routes/$cstm.login");
  });
});
