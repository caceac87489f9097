import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLines, waitForLog } from "../support/logs";
import { BrowserClient, type PageResponse } from "../support/browser-client";
import { startServer, type RunningServer } from "../support/server";
import { portToListenOnLater } from "../support/ports";
import { breakSessionStore, customerConfig, json, seedSession, startFakeUpstream, type FakeServer } from "./errors-fakes";

/** The error view's parts, from our own markup. */
function errorView(page: PageResponse) {
  const section = /<section class="error-view"[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? "";
  const textOf = (pattern: RegExp) =>
    pattern
      .exec(section)?.[1]
      ?.replace(/<[^>]+>/g, "")
      .trim();
  return {
    section,
    code: textOf(/<p class="error-code">([\s\S]*?)<\/p>/),
    title: textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/),
    message: textOf(/<p class="error-message">([\s\S]*?)<\/p>/),
    referenceHint: textOf(/<div class="error-reference"><p>([\s\S]*?)<\/p>/),
    reference: textOf(/<div class="error-reference">[\s\S]*?<code class="error-reference-id"[^>]*>([\s\S]*?)<\/code>/),
    links: [...section.matchAll(/<a class="button[^"]*" href="([^"]+)">([^<]*)</g)].map((match) => ({
      href: match[1].replace(/&amp;/g, "&"),
      label: match[2],
    })),
  };
}

function expectNoStackTrace(page: PageResponse) {
  expect(page.text).not.toMatch(/\bat .*\.(js|ts):\d+/);
  expect(page.text).not.toMatch(/SqliteError|TypeError|fetch failed|Unexpected Server Error/);
}

describe("error pages with the embedded API", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("R-LANG-02 R-SCR-13 an unknown langId: 400, E02 without button or close, the request id as reference", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/demo/login?langId=xx");
    expect(page.status).toBe(400);
    const view = errorView(page);
    expect(view.code).toBe("Fehlercode E02");
    expect(view.title).toBe("Fehler in der URL");
    expect(view.links).toEqual([]);
    expect(view.reference).toBe(page.headers.get("x-request-id"));
    expectNoStackTrace(page);
  });

  it("R-SCR-13 R-CAT-05 the reference says why to pass it on, in the page's language; the id alone is select-all", async () => {
    const informal = await new BrowserClient(server.baseUrl).get("/demo/login?langId=xx");
    expect(errorView(informal).referenceHint).toBe(
      "Wenn du dich an den Support wendest, gib bitte diese Referenz an: Damit lässt sich herausfinden, was schiefgelaufen ist.",
    );
    const english = await new BrowserClient(server.baseUrl).get("/demo/activation/no-such-user-hash/en_GB");
    expect(errorView(english).code).toBe("Error code C06");
    expect(errorView(english).referenceHint).toBe(
      "If you contact support, please give them this reference: it helps them find what went wrong.",
    );
    expect(errorView(english).reference).toBe(english.headers.get("x-request-id"));
    // One click or tap selects the whole id, without JavaScript: the page's own stylesheet says so.
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/app-[^"]+\.css)"/.exec(english.text)?.[1];
    const css = await (await fetch(`${server.baseUrl}${stylesheet}`)).text();
    expect(/\.error-reference-id\{([^}]*)\}/.exec(css)?.[1]).toMatch(/(^|;)user-select:all(;|$)/);
  });

  it("R-TEN-03 an unknown customer: 404, E02 in the Error layout, with the reference", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/no-such-customer/login");
    expect(page.status).toBe(404);
    expect(errorView(page).code).toBe("Fehlercode E02");
    expect(errorView(page).reference).toBe(page.headers.get("x-request-id"));
  });

  it("R-ERR-02 a resource route answered by Remix itself (no loader) is no error page and no fault", async () => {
    const response = await fetch(`${server.baseUrl}/_client-errors`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    // The request's log lines, once complete (they arrive through a pipe, after the answer).
    const lines = await requestLines(server.logs, response.headers.get("x-request-id")!);
    expect(lines.filter((line) => line.level === "error" || line.msg === "unexpected server error")).toEqual([]);
  });

  it("the root loader failing (session store broken) keeps the document: language, styles, nonce, texts, reference", async () => {
    const client = new BrowserClient(server.baseUrl);
    await client.get("/demo/login?langId=en_GB");
    // The language has a cookie of its own; the session cookie is what makes the root loader read the store.
    const cookie = await seedSession(server.dataDir, "root-loader-failure-session-0123456789abcdef", { onSite: undefined });
    client.cookies.set(cookie.name, cookie.value);
    breakSessionStore(server.dataDir);
    const page = await client.get("/demo/login");
    expect(page.status).toBe(500);
    expect(page.text).toMatch(/^<!DOCTYPE html><html lang="de"/);
    expect(page.text).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/);
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    for (const tag of page.text.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    const view = errorView(page);
    // A fault of our server is no reason to change browsers: E01, in the default language.
    expect(view.code).toBe("Fehlercode E01");
    expect(view.title).toBe("Unbekannter Fehler");
    expect(view.reference).toBe(page.headers.get("x-request-id"));
    expect(view.links).toEqual([{ href: "/demo", label: "Schließen" }]);
    expectNoStackTrace(page);
    // The fault itself is in the log, with the request id and the route.
    const line = await waitForLog(server.logs, (entry) => entry.msg === "unexpected server error" && entry.reqId === view.reference);
    expect(line).toMatchObject({ level: "error", reqId: view.reference, routeId: "root", err: { type: "SqliteError" } });
  });
});

describe("error pages when the upstream fails", () => {
  let upstream: FakeServer;
  let server: RunningServer;
  const TIMEOUT_MS = 600;

  beforeAll(async () => {
    upstream = await startFakeUpstream({
      "GET /getConfiguration": (call, res) => {
        const cstm = call.query.get("cstm") ?? "";
        if (cstm === "broken") return json(res, 500, { status: "failed", error: "database down" });
        if (cstm === "forbidden") return json(res, 403, { status: "failed" });
        if (cstm === "slow") return; // never answers: the time-out decides
        json(res, 200, customerConfig(cstm));
      },
    });
    server = await startServer({ UPSTREAM_API_URL: upstream.url, UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), CONFIG_CACHE_TTL_S: "0" });
  });

  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
  });

  it("R-CAT-02 an upstream 500 shows API01 (502) with the login button, customer-prefixed (R-TEN-04), and a close link", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/broken/login");
    expect(page.status).toBe(502);
    const view = errorView(page);
    expect(view.code).toBe("Fehlercode API01");
    expect(view.links).toEqual([
      { href: "/broken/login", label: "Zur Anmeldung" },
      { href: "/broken", label: "Schließen" },
    ]);
    expectNoStackTrace(page);
  });

  it("R-ERR-03 closing leads back to where the user was (the same-customer page that led here)", async () => {
    const client = new BrowserClient(server.baseUrl);
    const fromPage = await client.get("/broken/login?langId=en_GB", { headers: { Referer: `${server.baseUrl}/broken/profile?tab=2` } });
    expect(errorView(fromPage).links.at(-1)).toEqual({ href: "/broken/profile?tab=2", label: "Schließen" });
    const fromElsewhere = await client.get("/broken/login", { headers: { Referer: "https://evil.example/broken/x" } });
    expect(errorView(fromElsewhere).links.at(-1)).toEqual({ href: "/broken", label: "Schließen" });
    const fromOtherCustomer = await client.get("/broken/login", { headers: { Referer: `${server.baseUrl}/demo/login` } });
    expect(errorView(fromOtherCustomer).links.at(-1)).toEqual({ href: "/broken", label: "Schließen" });
  });

  it("R-ERR-02 R-SCR-13 the on-site variant (?onSite) hides the button but keeps closing", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/broken/login?onSite=1");
    const view = errorView(page);
    expect(view.code).toBe("Fehlercode API01");
    expect(view.links).toEqual([{ href: "/broken", label: "Schließen" }]);
    const notOnSite = await new BrowserClient(server.baseUrl).get("/broken/login?onSite=false");
    expect(errorView(notOnSite).links.map((link) => link.label)).toContain("Zur Anmeldung");
  });

  it("R-ERR-02 the on-site flag in the session hides the button too", async () => {
    const cookie = await seedSession(server.dataDir, "on-site-station-session-0123456789abcdef", { onSite: { profileId: "P100" } });
    const client = new BrowserClient(server.baseUrl);
    client.cookies.set(cookie.name, cookie.value);
    const view = errorView(await client.get("/broken/login"));
    expect(view.code).toBe("Fehlercode API01");
    expect(view.links).toEqual([{ href: "/broken", label: "Schließen" }]);
  });

  it("R-CAT-02 R-CAT-04 an upstream 403 shows C05 with the default hint support@{host} and 'Retry' closing", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/forbidden/login");
    expect(page.status).toBe(403);
    const view = errorView(page);
    expect(view.code).toBe("Fehlercode C05");
    expect(view.message).toBe("Versuch es erneut oder wende dich an support@127.0.0.1.");
    expect(view.section).toContain('href="mailto:support@127.0.0.1"');
    expect(view.links).toEqual([
      { href: "/forbidden", label: "Erneut versuchen" },
      { href: "/forbidden", label: "Schließen" },
    ]);
  });

  it("R-CAT-02 an upstream that does not answer within UPSTREAM_TIMEOUT_MS shows API02 (503)", async () => {
    const started = Date.now();
    const page = await new BrowserClient(server.baseUrl).get("/slow/login");
    const elapsed = Date.now() - started;
    expect(page.status).toBe(503);
    expect(errorView(page).code).toBe("Fehlercode API02");
    expect(errorView(page).title).toBe("Netzwerkproblem");
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);
  });
});

describe("API02 when the upstream is gone", () => {
  it("R-CAT-02 UPSTREAM_API_URL at a closed port shows API02 (503) at once, well within UPSTREAM_TIMEOUT_MS", async () => {
    const port = await portToListenOnLater();
    const server = await startServer({ UPSTREAM_API_URL: `http://127.0.0.1:${port}/api`, UPSTREAM_TIMEOUT_MS: "3000" });
    try {
      const started = Date.now();
      const page = await new BrowserClient(server.baseUrl).get("/demo/login?langId=en_GB");
      expect(Date.now() - started).toBeLessThan(3000);
      expect(page.status).toBe(503);
      const view = errorView(page);
      expect(view.code).toBe("Fehlercode API02");
      expect(view.reference).toBe(page.headers.get("x-request-id"));
      expect(view.links).toEqual([{ href: "/demo", label: "Schließen" }]);
      expectNoStackTrace(page);
    } finally {
      await server.stop();
    }
  });
});
