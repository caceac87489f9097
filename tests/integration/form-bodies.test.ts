import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInClone } from "../support/demo";
import { startServer, type RunningServer } from "../support/server";

/**
 * What the fuzz tests (tests/fuzz, docs/decisions/102) found in the way actions
 * read their form bodies, each pinned by the smallest request that showed it.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({}, { timeoutMs: 60_000 });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

function post(path: string, body: BodyInit, contentType?: string) {
  const headers: Record<string, string> = {
    Origin: server.baseUrl,
    "Sec-Fetch-Site": "same-origin",
    Accept: "text/html",
    "Accept-Language": "en",
  };
  if (contentType) headers["Content-Type"] = contentType;
  return fetch(server.baseUrl + path, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(15_000) });
}

const form = (entries: [string, string][]) => new URLSearchParams(entries).toString();

describe("form bodies", () => {
  it("decision 102: a body that is no form (JSON, text, broken multipart, no type) answers 400, never 500", async () => {
    const cases: [BodyInit, string | undefined][] = [
      ['{"username":"anna"}', "application/json"],
      ["username=anna", "text/plain"],
      ["username=anna", "multipart/form-data; boundary=nothing-here"],
      [new TextEncoder().encode("username=anna"), undefined],
    ];
    for (const [body, type] of cases) {
      const response = await post("/demo/login", body, type);
      const html = await response.text();
      expect(response.status, String(type)).toBe(400);
      expect(html).toContain('id="error-title"');
      expect(html).not.toMatch(/TypeError|node:internal|\n\s+at /);
    }
  });

  it("decision 102: conform's reserved names (__intent__, __state__) from a tool are ignored: the form answers as usual, input kept", async () => {
    for (const reserved of ["__intent__", "__state__"]) {
      const response = await post(
        "/demo/login",
        form([
          ["username", "fuzzy"],
          ["password", ""],
          [reserved, "not json"],
        ]),
        "application/x-www-form-urlencoded",
      );
      const html = await response.text();
      expect(response.status, reserved).toBe(400);
      expect(html).toContain('value="fuzzy"');
    }
  });

  it("decision 102: a field named like a huge array index (a[999999999]) no longer freezes the server", async () => {
    const started = Date.now();
    const response = await post(
      "/demo/login",
      form([
        ["username", "fuzzy"],
        ["a[999999999]", "x"],
        ["b.c", "y"],
      ]),
      "application/x-www-form-urlencoded",
    );
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(html).toContain('value="fuzzy"');
    expect(Date.now() - started).toBeLessThan(10_000);
    const health = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
    expect(health.status).toBe(200);
  });

  it("R-DP-01 home: statement ids the upstream refuses (a tampered form) answer 400, not an upstream error page (decision 102)", async () => {
    const { browser } = await signedInClone(server.baseUrl, "anna");
    const page = await browser.post(
      "/demo/home",
      { intent: "accept-data-protection", statementId: "<script>alert(1)</script>", revision: "1" },
      { follow: false },
    );
    expect(page.status).toBe(400);
    expect(page.text).not.toContain('id="error-title"');
  });
});
