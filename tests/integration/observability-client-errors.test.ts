import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_REPORTS_PER_MINUTE } from "../../app/errors/report-budget";
import { waitForLog } from "../support/logs";
import { startServer, type RunningServer } from "../support/server";
import { customerConfig, eventually, json, seedSession, startFakeUpstream, type FakeServer, type RecordedCall } from "./errors-fakes";

/**
 * R-ENT-09: the browser posts its errors to /_client-errors; the server forwards them to
 * POST /api/handleClientError with client, userAgent, url, errMessage, errStack and userInfo from
 * its own session (never a token or a password), calling with the applicant's token when signed in.
 */
const TOKEN = "applicant-token-1a2b3c4d5e";
let upstream: FakeServer;
let server: RunningServer;
let failForwarding = false;

beforeAll(async () => {
  upstream = await startFakeUpstream({
    "GET /getConfiguration": (call, res) => json(res, 200, customerConfig(call.query.get("cstm") ?? "demo")),
    "POST /handleClientError": (_call, res) => {
      if (failForwarding) return json(res, 500, { status: "failed" });
      res.statusCode = 204;
      res.end();
    },
  });
  server = await startServer({ UPSTREAM_API_URL: upstream.url });
});

afterAll(async () => {
  await server?.stop();
  await upstream?.close();
});

function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}/_client-errors`, {
    method: "POST",
    headers: {
      "Content-Type": "text/plain",
      "User-Agent": "Mozilla/5.0 (X11; Linux) Chromium/140",
      "Sec-Fetch-Site": "same-origin",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const report = (message: string, extra: Record<string, unknown> = {}) => ({
  source: "error",
  message,
  stack: `Error: ${message}\n    at onClick (http://localhost/assets/home.js:3:14)`,
  url: "/demo/home?tab=1",
  ...extra,
});

async function forwardedReport(message: string): Promise<RecordedCall> {
  return eventually(`the forwarded report "${message}"`, () =>
    upstream.calls.find((call) => call.path === "/handleClientError" && call.body.includes(message)),
  );
}

describe("client error reports", () => {
  it("R-ENT-09 a visitor's report is forwarded without a token and without user info", async () => {
    const response = await post(report("anonymous boom"));
    expect(response.status).toBe(204);
    const call = await forwardedReport("anonymous boom");
    expect(call.method).toBe("POST");
    expect(call.headers.authorization).toBeUndefined();
    expect(call.headers["x-request-id"]).toBe(response.headers.get("x-request-id"));
    expect(JSON.parse(call.body)).toEqual({
      client: "demo",
      userAgent: "Mozilla/5.0 (X11; Linux) Chromium/140",
      url: `${server.baseUrl}/demo/home?tab=1`,
      errMessage: "anonymous boom",
      errStack: "Error: anonymous boom\n    at onClick (http://localhost/assets/home.js:3:14)",
      userInfo: null,
    });
  });

  it("R-ENT-09 a signed-in applicant's report carries user info from the session and is sent with the token", async () => {
    const cookie = await seedSession(server.dataDir, "client-error-session-0123456789abcdefghij", {
      cstm: "demo",
      applicant: { token: TOKEN, expiresAt: Math.floor(Date.now() / 1000) + 3600, userName: "anna", anonymous: false },
      activeProfileId: "P100",
    });
    // What the browser claims about the user is ignored; so are fields the report does not have.
    const response = await post(report("signed-in boom", { userInfo: { userName: "mallory" }, password: "x", token: "y" }), {
      Cookie: `${cookie.name}=${cookie.value}`,
    });
    expect(response.status).toBe(204);
    const call = await forwardedReport("signed-in boom");
    expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const body = JSON.parse(call.body) as Record<string, unknown>;
    expect(body.userInfo).toEqual({ userName: "anna", anonymous: false, profileId: "P100" });
    expect(Object.keys(body).sort()).toEqual(["client", "errMessage", "errStack", "url", "userAgent", "userInfo"]);
    expect(call.body).not.toContain(TOKEN);
  });

  it("R-ENT-09 link secrets in the page URL are not forwarded", async () => {
    await post(report("reset page boom", { url: "/demo/reset-password/hash-0123456789/de" }));
    const call = await forwardedReport("reset page boom");
    expect((JSON.parse(call.body) as { url: string }).url).toBe(`${server.baseUrl}/demo/reset-password/[redacted]/de`);
  });

  it("R-ENT-09 a failed forwarding is logged; the browser still gets 204", async () => {
    failForwarding = true;
    try {
      const response = await post(report("forwarding fails"));
      expect(response.status).toBe(204);
      const requestId = response.headers.get("x-request-id")!;
      // Forwarding runs after the answer: wait for its warning, and for the report's own line.
      await waitForLog(server.logs, (line) => line.reqId === requestId && line.msg === "client error report not forwarded");
      const logged = await waitForLog(server.logs, (line) => line.reqId === requestId && line.msg === "client error");
      expect(logged).toMatchObject({
        level: "warn",
        cstm: "demo",
        clientError: { source: "error", message: "forwarding fails", url: "/demo/home?tab=1" },
      });
    } finally {
      failForwarding = false;
    }
  });

  it("R-ENT-09 what is not a report is refused: not JSON 400, not a page of this site 400, too large 413, cross-site 403", async () => {
    expect((await post("not json")).status).toBe(400);
    expect((await post({ ...report("x"), source: "guess" })).status).toBe(400);
    expect((await post(report("x", { url: "https://evil.example/demo" }))).status).toBe(400);
    expect((await post(report("x", { url: "//evil.example/demo" }))).status).toBe(400);
    expect((await post(report("x".repeat(20_000)))).status).toBe(413);
    expect((await post(report("cross"), { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    // A valid report sent after them is forwarded: anything refused before it would have gone first.
    expect((await post(report("sentinel after the refused ones"))).status).toBe(204);
    await forwardedReport("sentinel after the refused ones");
    expect(upstream.calls.filter((call) => call.path === "/handleClientError" && call.body.includes('"errMessage":"x"'))).toEqual([]);
  });

  it("R-ENT-09 a flood of reports from one client is cut off by its budget (429, decision 103)", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < CLIENT_REPORTS_PER_MINUTE + 10; index++) statuses.push((await post(report(`flood ${index}`))).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(CLIENT_REPORTS_PER_MINUTE);
  });
});
