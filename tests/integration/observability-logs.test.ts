import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { logBarrier, waitForLog } from "../support/logs";
import { startServer, type RunningServer } from "../support/server";
import { customerConfig, eventually, json, seedSession, startFakeUpstream, startServerOnPort, type FakeServer } from "./errors-fakes";

/**
 * DESIGN §8: JSON logs with request id, customer, route id, upstream call, status and duration,
 * and no secret in any line. The secrets really pass through the server: the session cookie is
 * read, the expired token is refreshed upstream and the fresh one is sent upstream, a browser
 * sends an Authorization header and a password, a link secret travels in a URL.
 */
const OLD_TOKEN = "old-access-token-7f3a9c1e5b";
const NEW_TOKEN = "new-access-token-2d8e4a6c0f";
const LOGIN_TOKEN = "login-access-token-9b1d3f5a7c";
const BROWSER_TOKEN = "browser-bearer-token-4c6e8a0b2d";
const PASSWORD = "Anna-Secret-Passw0rd-2027";
const LINK_HASH = "reset-hash-5e7a9c1b3d";
const QUERY_TOKEN = "query-token-8d0f2b4a6c";
const SESSION_ID = "seeded-session-id-0123456789abcdef0123456789";

let upstream: FakeServer;
let server: RunningServer;

beforeAll(async () => {
  upstream = await startFakeUpstream({
    "GET /getConfiguration": (call, res) => json(res, 200, customerConfig(call.query.get("cstm") ?? "demo")),
    "POST /refreshToken": (call, res) =>
      call.headers.authorization === `Bearer ${OLD_TOKEN}`
        ? json(res, 200, { access_token: NEW_TOKEN, expires_in: 3600 })
        : json(res, 401, { status: "failed" }),
    "POST /login": (_call, res) => json(res, 200, { access_token: LOGIN_TOKEN, expires_in: 3600, expired: false }),
    "POST /handleClientError": (_call, res) => {
      res.statusCode = 204;
      res.end();
    },
  });
  // No configuration cache: every page makes its getConfiguration call, so it shows in the log.
  server = await startServer({ UPSTREAM_API_URL: upstream.url, LOG_LEVEL: "trace", CONFIG_CACHE_TTL_S: "0" });
});

afterAll(async () => {
  await server?.stop();
  await upstream?.close();
});

const logLines = () =>
  server
    .logs()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("pino request logs", () => {
  it("DESIGN §8 no log line contains a password, the session cookie, a bearer token or a link secret", async () => {
    const cookie = await seedSession(server.dataDir, SESSION_ID, {
      cstm: "demo",
      applicant: { token: OLD_TOKEN, expiresAt: 1, userName: "anna", anonymous: false },
      activeProfileId: "P100",
    });
    const client = new BrowserClient(server.baseUrl);
    client.cookies.set(cookie.name, cookie.value);

    // A client error report of the signed-in applicant: the server refreshes the expired token and
    // forwards the report with the fresh one.
    const report = await fetch(`${server.baseUrl}/_client-errors`, {
      method: "POST",
      headers: {
        "Content-Type": "text/plain",
        Cookie: `${cookie.name}=${cookie.value}`,
        Authorization: `Bearer ${BROWSER_TOKEN}`,
        "Sec-Fetch-Site": "same-origin",
      },
      body: JSON.stringify({
        source: "error",
        message: "boom in the browser",
        stack: "Error: boom in the browser\n    at click (http://localhost/assets/x.js:1:2)",
        url: `/demo/reset-password/${LINK_HASH}/de?token=${QUERY_TOKEN}`,
        password: PASSWORD,
      }),
    });
    expect(report.status).toBe(204);

    // Pages with the cookie, an Authorization header, and a form post with the password.
    await client.get("/demo/login?langId=en_GB", { headers: { Authorization: `Bearer ${BROWSER_TOKEN}` } });
    await client.post("/demo/login", { username: "anna", password: PASSWORD, privacy: "on" });
    await client.get(`/demo/reset-password/${LINK_HASH}/de?token=${QUERY_TOKEN}`);

    // The secrets really went through the server: old token refreshed, new token used upstream.
    const refresh = upstream.calls.find((call) => call.path === "/refreshToken");
    expect(refresh?.headers.authorization).toBe(`Bearer ${OLD_TOKEN}`);
    const forwarded = await eventually("the forwarded report", () => upstream.calls.find((call) => call.path === "/handleClientError"));
    expect(forwarded.headers.authorization).toBe(`Bearer ${NEW_TOKEN}`);
    // The forwarding is logged after the upstream answered it; everything else before the barrier's line.
    await waitForLog(
      server.logs,
      (line) => line.msg === "upstream call" && (line.upstream as { path?: string }).path === "/handleClientError",
    );
    await logBarrier(server.baseUrl, server.logs);
    expect(server.logs()).toContain('"path":"/refreshToken"');
    const logs = server.logs();
    for (const secret of [
      PASSWORD,
      OLD_TOKEN,
      NEW_TOKEN,
      LOGIN_TOKEN,
      BROWSER_TOKEN,
      cookie.value,
      decodeURIComponent(cookie.value),
      SESSION_ID,
      LINK_HASH,
      QUERY_TOKEN,
    ]) {
      expect(logs.includes(secret), `log contains ${secret}`).toBe(false);
    }
    expect(logs).toContain(`/demo/reset-password/[redacted]/de?token=[redacted]`);
  });

  it("DESIGN §8 a request line has request id, customer, route id, status and duration; upstream calls have their own lines", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/demo/login?langId=en_GB");
    const requestId = page.headers.get("x-request-id")!;
    const lines = await eventually("the request line", () => {
      const found = logLines().filter((line) => line.reqId === requestId);
      return found.some((line) => line.msg === "request completed") ? found : undefined;
    });
    const completed = lines.find((line) => line.msg === "request completed")!;
    expect(completed).toMatchObject({
      level: "info",
      reqId: requestId,
      cstm: "demo",
      routeId: "routes/$cstm.login",
      req: { id: requestId, method: "GET", url: "/demo/login?langId=en_GB" },
      res: { statusCode: 200 },
    });
    expect(typeof completed.responseTime).toBe("number");
    const upstreamCall = lines.find((line) => line.msg === "upstream call");
    expect(upstreamCall).toMatchObject({
      reqId: requestId,
      cstm: "demo",
      upstream: { method: "GET", path: "/getConfiguration", status: 200 },
    });
    expect(typeof (upstreamCall!.upstream as { durationMs: unknown }).durationMs).toBe("number");
    // The upstream got the same request id.
    expect(upstream.calls.some((call) => call.headers["x-request-id"] === requestId)).toBe(true);
  });

  it("DESIGN §8 the level comes from LOG_LEVEL", async () => {
    const quiet = await startServerOnPort({ UPSTREAM_API_URL: upstream.url, LOG_LEVEL: "warn" });
    try {
      await new BrowserClient(quiet.baseUrl).get("/demo/login");
      const refused = await new BrowserClient(quiet.baseUrl).get("/demo/login?langId=xx");
      // Its warn line comes after everything the first page logged (the log arrives through a pipe).
      await waitForLog(quiet.logs, (line) => line.reqId === refused.headers.get("x-request-id") && line.level === "warn");
      const levels = quiet
        .logs()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => (JSON.parse(line) as { level: string }).level);
      expect(levels).toContain("warn");
      expect(levels).not.toContain("info");
      expect(levels).not.toContain("debug");
    } finally {
      await quiet.stop();
    }
  });
});
