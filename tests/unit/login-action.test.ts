import { createCookie, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/node";
import { startLoopbackUpstream, type LoopbackUpstream } from "../support/loopback-upstream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogueError } from "~/errors/catalogue-error";
import { action } from "~/routes/$cstm.login";
import { createAppSessionStorage } from "~/session/session.server";
import { createMemorySessionStore } from "~/session/store.server";

/**
 * The login action against a recording upstream: what reaches it, in which order. The configuration
 * answer is slow on purpose, so a sign-in that did not wait for it would reach the upstream first.
 */
const CONFIG_DELAY_MS = 40;

let upstream: LoopbackUpstream;
let events: string[] = [];
let customerExists = true;

const configuration = {
  status: "success",
  config: { cstm: "demo", name: "Demo", language: ["en_GB"], area: { name: "applicant", routes: ["login", "home"] } },
};

beforeAll(async () => {
  upstream = await startLoopbackUpstream((req, res) => {
    req.resume();
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://upstream").pathname;
      events.push(`request ${path}`);
      const send = (status: number, body: unknown) => {
        events.push(`answer ${path}`);
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      };
      if (path === "/api/getConfiguration") {
        setTimeout(() => (customerExists ? send(200, configuration) : send(404, { status: "failed" })), CONFIG_DELAY_MS);
      } else if (path === "/api/login") {
        send(401, { status: "failed", error: "invalid_credentials" });
      } else {
        send(404, { status: "failed" });
      }
    });
  });
});
afterAll(async () => {
  await upstream?.close();
});

function loginArgs(): ActionFunctionArgs {
  const ignore = () => undefined;
  const cookieOptions = { secrets: ["s".repeat(40)], secure: false };
  const context = {
    requestId: "req-auth-03",
    clientIp: "127.0.0.1",
    logger: { debug: ignore, info: ignore, warn: ignore, error: ignore },
    memo: new Map(),
    services: {
      sessionStorage: createAppSessionStorage(createMemorySessionStore(), cookieOptions, {
        idleTimeoutS: 3600,
        anonymousIdleTimeoutS: 900,
        absoluteTimeoutS: 43200,
      }),
      languageCookie: createCookie("lang", { secrets: cookieOptions.secrets }),
      upstreamBaseUrl: upstream.baseUrl,
      upstreamPublicOrigin: null,
      upstream: upstream.transport,
      // No cached configuration: every request loads it from the upstream.
      configCacheTtlS: 0,
      configCache: new Map(),
      rateLimiter: { hit: async () => false, reset: async () => undefined, maxAttempts: 10 },
      honeypot: { isSpam: () => false },
    },
  } as unknown as AppLoadContext;
  const body = new URLSearchParams({ username: "anna", password: "wrong password", privacy: "on" });
  const request = new Request("http://localhost/demo/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  return { request, params: { cstm: "demo" }, context };
}

describe("R-AUTH-03 a login waits for the customer's configuration", () => {
  it("R-AUTH-03 the configuration is loaded before the upstream login is called; an unknown customer never reaches it", async () => {
    events = [];
    customerExists = true;
    const result = (await action(loginArgs())) as unknown as { init: { status: number } | null };
    // The upstream refused the credentials: the form's own message, so the login did run.
    expect(result.init?.status).toBe(401);
    expect(events).toContain("request /api/login");
    expect(events.indexOf("answer /api/getConfiguration")).toBeGreaterThanOrEqual(0);
    expect(events.indexOf("request /api/login")).toBeGreaterThan(events.indexOf("answer /api/getConfiguration"));

    // Without a configuration the action does not proceed: the URL is invalid (E02), no login is tried.
    events = [];
    customerExists = false;
    const refused = await action(loginArgs()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CatalogueError);
    expect((refused as CatalogueError).code).toBe("E02");
    expect(events).toEqual(["request /api/getConfiguration", "answer /api/getConfiguration"]);
  });
});
