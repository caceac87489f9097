import { Agent, createServer, request as httpRequest, type Server } from "node:http";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { waitForLog } from "../support/logs";
import { ROOT, runServerExpectingExit, startServer, testSecret, type RunningServer } from "../support/server";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describe("server basics", () => {
  it("GET /healthz answers while the process is up; /readyz checks the session store and the upstream", async () => {
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", sessionStore: true, upstream: true });
  });

  it("every response carries a request id; a sane incoming one is kept", async () => {
    const fresh = await fetch(`${server.baseUrl}/demo/login`);
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${server.baseUrl}/demo/login`, { headers: { "X-Request-Id": "support-trace-0001" } });
    expect(kept.headers.get("x-request-id")).toBe("support-trace-0001");
    const refused = await fetch(`${server.baseUrl}/demo/login`, { headers: { "X-Request-Id": "<script>" } });
    expect(refused.headers.get("x-request-id")).not.toBe("<script>");
  });

  it("documents get security headers with a per-request CSP nonce that the scripts carry", async () => {
    const first = await fetch(`${server.baseUrl}/demo/login`);
    const second = await fetch(`${server.baseUrl}/demo/login`);
    const csp = first.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce!);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBeTruthy();
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("decision 101: HSTS is sent whenever the session cookie is Secure, also over plain HTTP behind a TLS proxy", async () => {
    // The test server is a production start (COOKIE_SECURE defaults to true) reached over plain HTTP,
    // as it is behind a TLS-terminating proxy: req.secure is false there.
    const page = await fetch(`${server.baseUrl}/demo/login`);
    expect(page.status).toBe(200);
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("decision 101: no HSTS when cookies are not Secure (COOKIE_SECURE=false, a plain-HTTP LAN station)", async () => {
    const lan = await startServer({ COOKIE_SECURE: "false" });
    try {
      const page = await fetch(`${lan.baseUrl}/demo/login`);
      expect(page.status).toBe(200);
      expect(page.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await lan.stop();
    }
  });

  it("decision 106: documents are gzip-compressed (COMPRESSION_LEVEL, 1 by default); the root's files are still served beside the pages", async () => {
    const page = await fetch(`${server.baseUrl}/demo/login`, { headers: { "Accept-Encoding": "gzip" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(await page.text()).toContain("<form");
    for (const file of ["/favicon.svg", "/robots.txt"]) {
      const response = await fetch(`${server.baseUrl}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("cache-control"), file).toContain("max-age=3600");
      await response.arrayBuffer();
    }
  });

  it("decision 165: a finished document leaves compressed in one piece with its length, in the coding the browser prefers", async () => {
    for (const [acceptEncoding, coding] of [
      ["gzip", "gzip"],
      ["gzip, deflate, br, zstd", "br"],
      ["deflate", "deflate"],
      ["", null],
    ] as const) {
      const page = await fetch(`${server.baseUrl}/demo/login`, { headers: { "Accept-Encoding": acceptEncoding } });
      expect(page.status, acceptEncoding).toBe(200);
      expect(page.headers.get("content-encoding"), acceptEncoding).toBe(coding);
      expect(page.headers.get("vary"), acceptEncoding).toMatch(/Accept-Encoding/i);
      const length = Number(page.headers.get("content-length"));
      // fetch decodes the body; the length is that of the encoded body.
      const decoded = Buffer.from(await page.arrayBuffer());
      expect(length, acceptEncoding).toBeGreaterThan(1000);
      if (coding) expect(length, acceptEncoding).toBeLessThan(decoded.length / 2);
      else expect(length, acceptEncoding).toBe(decoded.length);
      // The whole document, up to the end of its inline loader data.
      expect(decoded.toString(), acceptEncoding).toMatch(
        /^<!DOCTYPE html>.*<form.*<\/html>.*streamController\.close\(\);<\/script>(<!--\/\$-->)*$/s,
      );
    }
  });

  it("decision 106: COMPRESSION_LEVEL=0 leaves compression to a proxy: documents go out uncompressed", async () => {
    const plain = await startServer({ COMPRESSION_LEVEL: "0" });
    try {
      const page = await fetch(`${plain.baseUrl}/demo/login`, { headers: { "Accept-Encoding": "gzip" } });
      expect(page.status).toBe(200);
      expect(page.headers.get("content-encoding")).toBeNull();
      expect(await page.text()).toContain("<form");
    } finally {
      await plain.stop();
    }
  });

  it("decision 180: scripts go out compressed at build time (brotli 11, gzip 9) in the coding the browser prefers, cached for a year", async () => {
    const html = await (await fetch(`${server.baseUrl}/demo/login`)).text();
    const shell = /\/assets\/shell-[\w-]+\.js/.exec(html)?.[0];
    expect(shell, "the login page loads the shell chunk").toBeTruthy();
    const file = path.join(ROOT, "build/client", shell!);
    const original = readFileSync(file);
    const raw = (headers: Record<string, string>, method = "GET") => rawGet(`${server.baseUrl}${shell}`, headers, method);

    const chromium = await raw({ "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(chromium.status).toBe(200);
    expect(chromium.headers["content-encoding"]).toBe("br");
    expect(chromium.body.equals(readFileSync(`${file}.br`)), "the build's brotli file as it is").toBe(true);
    expect(brotliDecompressSync(chromium.body).equals(original)).toBe(true);
    expect(chromium.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(chromium.headers["content-length"]).toBe(String(chromium.body.length));
    expect(chromium.headers["cache-control"]).toContain("immutable");
    expect(chromium.headers.vary).toMatch(/Accept-Encoding/i);
    // Brotli 11 beats what the middleware made on every request at level 1.
    expect(chromium.body.length).toBeLessThan(gzipSync(original, { level: 9 }).length);

    const gzipOnly = await raw({ "Accept-Encoding": "gzip" });
    expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipOnly.body).equals(original)).toBe(true);
    expect(gzipOnly.body.equals(readFileSync(`${file}.gz`))).toBe(true);
    // The client's weights count: brotli refused, or gzip weighted higher.
    for (const header of ["br;q=0, gzip", "br;q=0.5, gzip;q=0.9", "identity, gzip"]) {
      expect((await raw({ "Accept-Encoding": header })).headers["content-encoding"], header).toBe("gzip");
    }
    expect((await raw({ "Accept-Encoding": "*" })).headers["content-encoding"]).toBe("br");

    // Without the header, the file as it is; a client that takes only deflate gets it from the middleware.
    const plain = await raw({});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect((await raw({ "Accept-Encoding": "deflate" })).headers["content-encoding"]).toBe("deflate");

    // Each coding is its own representation: its own ETag, revalidated as such.
    expect(chromium.headers.etag).toBeTruthy();
    expect(chromium.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await raw({ "Accept-Encoding": "br", "If-None-Match": chromium.headers.etag! });
    expect(revalidated.status).toBe(304);
    const head = await raw({ "Accept-Encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);

    // The variants are not files of their own to the outside; a stylesheet has them too.
    expect((await rawGet(`${server.baseUrl}${shell}.br`, {})).status).toBe(404);
    expect((await rawGet(`${server.baseUrl}${shell}.gz`, { "Accept-Encoding": "gzip" })).status).toBe(404);
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1];
    expect((await rawGet(`${server.baseUrl}${css}`, { "Accept-Encoding": "gzip, br" })).headers["content-encoding"]).toBe("br");
  });
});

/** A GET as a browser sends it, the body as it came over the wire (fetch would decode it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
  method = "GET",
): Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string | undefined>,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

describe("customers, languages and pages", () => {
  it("R-TEN-01 /{cstm} redirects to the area root (login)", async () => {
    const client = new BrowserClient(server.baseUrl);
    const response = await client.get("/demo", { follow: false });
    expect(response.status).toBe(302);
    expect(response.location).toBe("/demo/login");
  });

  it("R-RTE-03 every unknown path under a customer redirects to its page-not-found (404 page with exit)", async () => {
    const client = new BrowserClient(server.baseUrl);
    const redirect = await client.get("/demo/no/such/page", { follow: false });
    expect(redirect.location).toBe("/demo/page-not-found");
    const page = await client.get("/demo/no/such/page");
    expect(page.status).toBe(404);
    expect(page.text).toContain("Seite nicht gefunden");
    expect(page.text).toMatch(/href="\/demo\/login"/);
  });

  it("R-TEN-03 an unknown customer gets the Error layout with a catalogue error, never a stack trace", async () => {
    const client = new BrowserClient(server.baseUrl);
    for (const path of ["/unknown-customer/login", "/unknown-customer", "/%E2%9C%93/x", "/"]) {
      const page = await client.get(path);
      expect(page.status, path).toBe(404);
      expect(page.text).toContain("E02");
      expect(page.text).not.toMatch(/at .*\.js:\d+/);
      expect(page.text).toContain("layout-error");
    }
  });

  it("R-LANG-01 langId chooses the language, is kept in its cookie and sets lang/Content-Language/Vary", async () => {
    const client = new BrowserClient(server.baseUrl);
    const english = await client.get("/demo/login?langId=en_GB");
    expect(english.text).toContain('<html lang="en-GB"');
    expect(english.headers.get("content-language")).toBe("en-GB");
    expect(english.headers.get("vary")).toMatch(/Cookie/);
    expect(english.text).toContain("Sign in");
    const later = await client.get("/demo/login");
    expect(later.text).toContain('<html lang="en-GB"');
    const hungarian = await client.get("/demo/login?langId=hu");
    expect(hungarian.text).toContain("Bejelentkezés");
    // Another visitor without the cookie still gets the first project language.
    const stranger = await new BrowserClient(server.baseUrl).get("/demo/login");
    expect(stranger.text).toContain('<html lang="de"');
    expect(stranger.headers.get("set-cookie")).toBeNull();
  });

  it("R-LANG-02 a langId outside the project's languages (or malformed) gives E02 with no close link", async () => {
    const client = new BrowserClient(server.baseUrl);
    for (const langId of ["xx", "hu", "%3Cscript%3E", ""]) {
      const customer = langId === "hu" ? "initiativ" : "demo";
      const page = await client.get(`/${customer}/login?langId=${langId}`);
      expect(page.status, langId).toBe(400);
      expect(page.text).toContain("E02");
      expect(page.text).not.toContain("<script>alert");
      expect(page.text).not.toMatch(/class="button" href=/);
    }
  });

  it("a path with a malformed escape is an unknown path, never a 500", async () => {
    const client = new BrowserClient(server.baseUrl);
    expect((await client.get("/demo/%E0%A4%A", { follow: false })).location).toBe("/demo/page-not-found");
    const bare = await client.get("/%");
    expect(bare.status).toBe(404);
    expect(bare.text).toContain("E02");
  });

  it("a tampered session or language cookie is treated as none, never a 500", async () => {
    const client = new BrowserClient(server.baseUrl);
    await client.get("/demo/login?langId=en_GB");
    await client.post("/demo/login", { username: "anna", password: "Anna-Demo-2027", privacy: "on" });
    const session = client.cookies.get("__Host-session")!;
    client.cookies.set("__Host-session", session.slice(0, -4) + "abcd");
    expect((await client.get("/demo/home", { follow: false })).location).toMatch(/^\/demo\/login/);
    client.cookies.set("__Host-session", "%%%not-a-cookie");
    expect((await client.get("/demo/login")).status).toBe(200);
    const language = client.cookies.get("__Host-lang")!;
    client.cookies.set("__Host-lang", language.slice(0, -4) + "abcd");
    const page = await client.get("/demo/login");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="de"');
    client.cookies.set("__Host-lang", "%%%not-a-cookie");
    expect((await client.get("/demo/login")).status).toBe(200);
  });
});

describe("request hygiene", () => {
  it("an oversized body gets 413 with a translated page", async () => {
    const response = await fetch(`${server.baseUrl}/demo/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en-GB,en;q=0.9" },
      body: "username=" + "a".repeat(2 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    const text = await response.text();
    expect(text).toContain("Input too large");
    expect(text).toContain('lang="en-GB"');
  });

  it("R-SCR-13 R-CAT-05 the plain page says why to give support the reference, the id on its own, select-all", async () => {
    const refuse = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/demo/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site", ...headers },
        body: "username=a",
      });
    const english = await refuse({ "Accept-Language": "en-GB,en;q=0.9" });
    expect(english.status).toBe(403);
    const text = await english.text();
    expect(text).toContain(
      "<p><small>If you contact support, please give them this reference: it helps them find what went wrong.</small></p>",
    );
    const id = english.headers.get("x-request-id")!;
    expect(text).toMatch(new RegExp(`<p><code translate="no" style="[^"]*\\buser-select:all[^"]*">${id}</code></p>`));
    expect(text).not.toContain("Ref:");
    expect(await (await refuse({})).text()).toContain(
      "Wenn du dich an den Support wendest, gib bitte diese Referenz an: Damit lässt sich herausfinden, was schiefgelaufen ist.",
    );
  });

  it("DESIGN §8: a data request whose Origin names another host is refused with 403, not Remix's 500, even when Sec-Fetch-Site says same-origin", async () => {
    const port = new URL(server.baseUrl).port;
    const response = await fetch(`${server.baseUrl}/demo/login.data`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Site": "same-origin",
        Origin: `http://localhost:${port}`,
      },
      body: "username=a&password=b",
    });
    expect(response.status).toBe(403);
    const sameHost = await fetch(`${server.baseUrl}/demo/login.data`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin", Origin: server.baseUrl },
      body: "username=a&password=b",
    });
    expect(sameHost.status).toBeLessThan(500);
    expect(sameHost.status).not.toBe(403);
  });

  it("a cross-site POST is refused with 403 (CSRF defence without JavaScript)", async () => {
    const response = await fetch(`${server.baseUrl}/demo/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      body: "username=a",
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Anfrage abgelehnt");
    const foreignOrigin = await fetch(`${server.baseUrl}/demo/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: "username=a",
    });
    expect(foreignOrigin.status).toBe(403);
  });
});

describe("start-up configuration", () => {
  it("a missing SESSION_SECRET in production stops the process with one line naming it", async () => {
    const { code, output } = await runServerExpectingExit({ NODE_ENV: "production", PORT: "0" });
    expect(code).toBe(1);
    expect(output.trim().split("\n")).toHaveLength(1);
    expect(output).toMatch(/SESSION_SECRET/);
  });

  it("a bad value stops the process with one line naming the variable", async () => {
    const { code, output } = await runServerExpectingExit({ NODE_ENV: "production", SESSION_SECRET: testSecret(), PORT: "eighty" });
    expect(code).toBe(1);
    expect(output.trim()).toBe('Invalid environment variable PORT: must be a port number (got "eighty")');
  });
});

describe("graceful shutdown", () => {
  let upstream: Server;
  let releaseRequest: (() => void) | undefined;

  beforeAll(async () => {
    // A fake upstream whose getConfiguration answers only when the test says so.
    upstream = createServer((req, res) => {
      const answer = () => {
        res.setHeader("Content-Type", "application/json");
        res.end(
          JSON.stringify({
            status: "success",
            config: { cstm: "slow", name: "Slow", language: ["en_GB"], area: { name: "generic", root: "login", routes: ["login"] } },
          }),
        );
      };
      if (req.url?.includes("cstm=slow")) releaseRequest = answer;
      else answer();
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  });

  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  it("SIGTERM stops accepting, finishes the request in flight, closes the stores and exits 0", async () => {
    const port = (upstream.address() as AddressInfo).port;
    const app = await startServer({ UPSTREAM_API_URL: `http://127.0.0.1:${port}`, CONFIG_CACHE_TTL_S: "0" });
    const inFlight = fetch(`${app.baseUrl}/slow/login`);
    // The request is in flight once the upstream holds its configuration call.
    await until("the request to reach the upstream", () => releaseRequest !== undefined);
    const exited = app.stop("SIGTERM");
    // New connections are refused while the old request is still running.
    await until("new connections to be refused", () =>
      fetch(`${app.baseUrl}/healthz`).then(
        () => false,
        () => true,
      ),
    );
    releaseRequest!();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Sign in");
    expect(await exited).toBe(0);
    await waitForLog(app.logs, (line) => line.msg === "server stopped");
  });

  it("decision 099: requests sent on keep-alive connections just before SIGTERM all get their answer; the process exits 0 within 5 s", async () => {
    const app = await startServer();
    const url = `${app.baseUrl}/demo/login`;
    // Ten keep-alive connections, each used once already, so each is idle when the next request goes out.
    const agents = Array.from({ length: 10 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    try {
      for (const first of await Promise.all(agents.map((agent) => get(agent, url).response))) expect(first.status).toBe(200);
      const second = agents.map((agent) => get(agent, url));
      // Every request has been handed to the operating system: it was sent before the signal.
      await Promise.all(second.map((request) => request.sent));
      const signalled = performance.now();
      const exited = app.stop("SIGTERM");
      const answers = await Promise.all(second.map((request) => request.response));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body).toContain("</html>");
      }
      expect(await exited).toBe(0);
      expect(performance.now() - signalled).toBeLessThan(5000);
    } finally {
      for (const agent of agents) agent.destroy();
    }
  });
});

/** Polls `check` until it holds (with a deadline), for states the test cannot be told about. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A GET through one node:http agent: `sent` once the request is on the wire, `response` with the whole body. */
function get(agent: Agent, url: string) {
  const request = httpRequest(url, { agent, headers: { Accept: "text/html" } });
  const sent = new Promise<void>((resolve) => request.once("finish", () => resolve()));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.once("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.once("error", reject);
    });
    request.once("error", reject);
  });
  request.end();
  return { sent, response };
}
