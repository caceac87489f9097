import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as Router from "@remix-run/router";

// The server loads @remix-run/router's CommonJS build, which patches/ changes to keep the ranked
// branches of a route table and the compiled paths (decision 161): matching must not change.
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
});
