import path from "node:path";
import { createCookie } from "@remix-run/node";
import { sessionIdIn, sessionRecordOf } from "../support/seed-session";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient, type PageResponse } from "../support/browser-client";
import { cloneUser, outbox, signIn } from "../support/demo";
import { startServer, testSecret, type RunningServer } from "../support/server";

/** App sessions over real HTTP against the real server and its SQLite session store (DESIGN §4, docs/decisions/095, 096). */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const SESSION_COOKIE = "__Host-session";

async function sessionIdOf(cookieValue: string): Promise<string> {
  const id = sessionIdIn(await createCookie(SESSION_COOKIE, { secrets: [testSecret()] }).parse(`${SESSION_COOKIE}=${cookieValue}`));
  if (!id) throw new Error("not a session cookie of this server");
  return id;
}

function storedSessionIds(): string[] {
  const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
  try {
    return (db.prepare("SELECT id FROM sessions").all() as Array<{ id: string }>).map((row) => row.id);
  } finally {
    db.close();
  }
}

describe("session ids (decision 095)", () => {
  it("a logged-out cookie replayed is never written back under its id and signs nobody in", async () => {
    const browser = new BrowserClient(server.baseUrl);
    await signIn(browser, { userName: "anna", password: "Anna-Demo-2027", cstm: "demo" });
    const oldCookie = browser.cookies.get(SESSION_COOKIE)!;
    const oldId = await sessionIdOf(oldCookie);
    expect(storedSessionIds()).toContain(oldId);
    await browser.post("/demo/logout", {}, { follow: false });
    expect(storedSessionIds()).not.toContain(oldId);

    // Someone kept the old cookie and keeps using it, on pages that write the session.
    const replay = new BrowserClient(server.baseUrl);
    replay.cookies.set(SESSION_COOKIE, oldCookie);
    for (const page of ["/demo/login?langId=hu", "/demo/login?langId=en_GB", "/demo/FAQ"]) {
      const response = await replay.get(page);
      expect(response.status, page).toBe(200);
      expect(response.headers.getSetCookie().join("\n"), page).not.toContain(`${SESSION_COOKIE}=${oldCookie}`);
    }
    expect(storedSessionIds()).not.toContain(oldId);
    const home = await replay.get("/demo/home", { follow: false });
    expect(home.location).toMatch(/^\/demo\/login/);
  });
});

describe("password changes rotate the session id (decision 095)", () => {
  it("after a password change the browser carries on under a new id; the old cookie no longer works", async () => {
    const user = await cloneUser(server.baseUrl, "anna");
    const browser = new BrowserClient(server.baseUrl);
    await signIn(browser, user);
    const before = browser.cookies.get(SESSION_COOKIE)!;
    const done = await browser.post("/demo/change-password", {
      oldPassword: user.password!,
      password: "Brand-New-2027",
      passwordRepeat: "Brand-New-2027",
      returnTo: "/demo/change-password",
    });
    expect(done.text).toContain("Dein Passwort wurde geändert.");
    const after = browser.cookies.get(SESSION_COOKIE)!;
    expect(after).not.toBe(before);
    expect(storedSessionIds()).not.toContain(await sessionIdOf(before));
    expect((await browser.get("/demo/change-password", { follow: false })).status).toBe(200);

    const copy = new BrowserClient(server.baseUrl);
    copy.cookies.set(SESSION_COOKIE, before);
    expect((await copy.get("/demo/change-password", { follow: false })).location).toMatch(/^\/demo\/login/);
  });

  it("a reset from the mailed link, in a browser where the same user is signed in, rotates the id and signs out", async () => {
    const user = await cloneUser(server.baseUrl, "anna");
    const browser = new BrowserClient(server.baseUrl);
    await signIn(browser, user);
    const before = browser.cookies.get(SESSION_COOKIE)!;
    await browser.post("/demo/forgot-password", { username: user.userName });
    const [mail] = await outbox(server.baseUrl, user.userName);
    const link = new URL(mail.link).pathname;
    await browser.get(`${link}?langId=en_GB`);
    const saved = await browser.post(link, {
      username: user.userName,
      password: "New-Pass-2027",
      passwordRepeat: "New-Pass-2027",
      privacy: "on",
    });
    expect(saved.text).toContain("Your new password has been saved.");
    const after = browser.cookies.get(SESSION_COOKIE);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(storedSessionIds()).not.toContain(await sessionIdOf(before));
    expect((await browser.get("/demo/home", { follow: false })).location).toMatch(/^\/demo\/login/);
    const copy = new BrowserClient(server.baseUrl);
    copy.cookies.set(SESSION_COOKIE, before);
    expect((await copy.get("/demo/home", { follow: false })).location).toMatch(/^\/demo\/login/);
  });

  it("a reset in a browser without a session creates no session record", async () => {
    const user = await cloneUser(server.baseUrl, "anna");
    const requester = new BrowserClient(server.baseUrl);
    await requester.post("/demo/forgot-password", { username: user.userName });
    const [mail] = await outbox(server.baseUrl, user.userName);
    const link = new URL(mail.link).pathname;
    const stored = storedSessionIds().length;
    const fresh = new BrowserClient(server.baseUrl);
    const saved = await fresh.post(`${link}?langId=en_GB`, {
      username: user.userName,
      password: "New-Pass-2027",
      passwordRepeat: "New-Pass-2027",
      privacy: "on",
    });
    expect(saved.text).toContain("Dein neues Passwort wurde gespeichert.");
    expect(fresh.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(storedSessionIds().length).toBe(stored);
  });
});

describe("R-LANG-01 the language choice has a cookie of its own (decision 096)", () => {
  it("cookie-less GETs with ?langId= store no session row and set no session cookie; the language sticks without JavaScript", async () => {
    const before = storedSessionIds().length;
    for (const language of ["en_GB", "hu", "it", "de"]) {
      const visitor = new BrowserClient(server.baseUrl);
      const page = await visitor.get(`/demo/login?langId=${language}`);
      expect(page.status).toBe(200);
      expect(page.headers.getSetCookie().map((line) => line.split("=")[0])).toEqual(["__Host-lang"]);
      expect(page.headers.getSetCookie()[0]).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    }
    expect(storedSessionIds().length).toBe(before);

    // Without JavaScript: the chooser is a GET form; later pages without langId keep the choice.
    const browser = new BrowserClient(server.baseUrl);
    await browser.get("/demo/login?langId=en_GB");
    const later = await browser.get("/demo/forgot-password");
    expect(later.text).toContain('<html lang="en-GB"');
    expect(later.headers.getSetCookie()).toEqual([]);
    expect(storedSessionIds().length).toBe(before);
  });

  it("the choice survives sign-in and logout; a logout stores no new session row", async () => {
    const browser = new BrowserClient(server.baseUrl);
    await browser.get("/demo/login?langId=en_GB");
    const home = await signIn(browser, { userName: "anna", password: "Anna-Demo-2027", cstm: "demo" });
    expect(home.text).toContain('<html lang="en-GB"');
    const rows = storedSessionIds().length;
    const loggedOut = await browser.post("/demo/logout", {});
    expect(loggedOut.text).toContain('<html lang="en-GB"');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(storedSessionIds().length).toBe(rows - 1);
  });

  it("a sign-in posted with ?langId= (no page seen before) remembers that language", async () => {
    const browser = new BrowserClient(server.baseUrl);
    const home = await signIn(browser, { userName: "anna", password: "Anna-Demo-2027", cstm: "demo" }, "?langId=it");
    expect(home.text).toContain('<html lang="it"');
    expect((await browser.get("/demo/change-password")).text).toContain('<html lang="it"');
  });
});

describe("single-fetch data answers are cached like their documents (decision 096)", () => {
  it("a signed-in page's .data is no-store like its document; a public page's .data private, no-cache", async () => {
    const browser = new BrowserClient(server.baseUrl);
    await signIn(browser, { userName: "anna", password: "Anna-Demo-2027", cstm: "demo" });
    for (const path of ["/demo/home", "/demo/change-password", "/demo/FAQ"]) {
      const document = await browser.get(path);
      expect(document.headers.get("cache-control"), path).toBe("no-store");
      const data = await browser.get(`${path}.data`, { headers: { Accept: "*/*" } });
      expect(data.status, path).toBe(200);
      expect(data.headers.get("content-type"), path).toMatch(/text\/x-script/);
      expect(data.headers.get("cache-control"), `${path}.data`).toBe("no-store");
      expect(data.headers.get("vary"), `${path}.data`).toMatch(/Cookie/);
    }
    const visitor = new BrowserClient(server.baseUrl);
    const data = await visitor.get("/demo/login.data", { headers: { Accept: "*/*" } });
    expect(data.status).toBe(200);
    expect(data.headers.get("cache-control")).toBe("private, no-cache");
  });
});

/**
 * A browser that keeps every answer it got, each hop of a redirect included (the sign-in's own answer, which
 * sets the cookie, is one of them): what a page's scripts, storage or a proxy in between could ever see.
 */
class RecordingBrowser extends BrowserClient {
  readonly answers: Array<{ request: string; status: number; headers: string; body: string }> = [];

  override async request(
    path: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string>; follow?: boolean } = {},
  ): Promise<PageResponse> {
    let response = await super.request(path, { ...init, follow: false });
    this.keep(`${init.method ?? (init.form ? "POST" : "GET")} ${path}`, response);
    for (let hop = 0; init.follow !== false && response.location && response.status >= 300 && response.status < 400; hop++) {
      if (hop === 10) throw new Error("too many redirects");
      const next = new URL(response.location, response.url).toString();
      response = await super.request(next, { headers: init.headers, follow: false });
      this.keep(`GET ${next}`, response);
    }
    return response;
  }

  /** A page's single-fetch answer (what a client navigation or a form sent with JavaScript gets). */
  data(path: string, form?: Record<string, string>): Promise<PageResponse> {
    const url = new URL(path, "http://app");
    const dataPath = `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`;
    return this.request(dataPath, { form, headers: { Accept: "*/*" }, follow: false });
  }

  private keep(request: string, response: PageResponse) {
    const headers: string[] = [];
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers.push(`${name}: ${value}`);
    });
    headers.push(...response.headers.getSetCookie().map((value) => `set-cookie: ${value}`));
    this.answers.push({ request, status: response.status, headers: headers.join("\n"), body: response.text });
  }
}

/** Opens each page as a document and as a client navigation's `.data` request; each must answer. */
async function openEach(browser: RecordingBrowser, pages: string[]): Promise<void> {
  for (const page of pages) {
    expect((await browser.get(page)).status, page).toBeLessThan(400);
    expect((await browser.data(page)).status, `${page} (.data)`).toBeLessThan(400);
  }
}

/** The upstream tokens the server keeps for the browser's session (R-ENT-01: there and nowhere else). */
async function tokensOf(browser: BrowserClient): Promise<string[]> {
  const record = (await sessionRecordOf(path.join(server.dataDir, "app.db"), testSecret(), browser.cookies)) as {
    applicant?: { token: string };
    recruiter?: { token: string };
  };
  const tokens = [record.applicant?.token, record.recruiter?.token].filter((token): token is string => Boolean(token));
  // A short value could turn up by chance; the embedded API's tokens are long random strings.
  for (const token of tokens) expect(token.length).toBeGreaterThanOrEqual(20);
  return tokens;
}

function answersCarrying(browser: RecordingBrowser, tokens: string[]): string[] {
  return browser.answers.flatMap((answer) =>
    tokens.filter((token) => answer.headers.includes(token) || answer.body.includes(token)).map(() => answer.request),
  );
}

describe("upstream tokens stay on the server (R-ENT-01)", () => {
  it("R-ENT-01 an applicant's journey: no document, .data answer or header ever carries the upstream token", async () => {
    const user = await cloneUser(server.baseUrl, "anna");
    const browser = new RecordingBrowser(server.baseUrl);
    await browser.get("/demo/login?langId=en_GB");
    const home = await signIn(browser, user);
    expect(new URL(home.url).pathname).toBe("/demo/home");
    const pages = [
      "/demo/home",
      "/demo/home?modal=change-password",
      "/demo/home?modal=feedback",
      "/demo/profileChooser",
      "/demo/profile",
      "/demo/FAQ",
      "/demo/support",
      "/demo/report",
      "/demo/assessment/31",
      "/demo/assessment/40",
      "/demo/change-password",
    ];
    await openEach(browser, pages);
    // Actions, as a form without and with JavaScript sends them: a refused change, an answered module form.
    const refused = { oldPassword: "", password: "short", passwordRepeat: "other" };
    expect((await browser.post("/demo/change-password", refused)).status).toBe(400);
    expect((await browser.data("/demo/change-password", refused)).status).toBe(400);
    await browser.post("/demo/assessment/40", { firstName: "Anna" });
    await browser.data("/demo/assessment/40", { firstName: "Anna" });
    // The token of this very session, read where the server keeps it; the journey ends with the logout.
    const tokens = await tokensOf(browser);
    expect(tokens).toHaveLength(1);
    await browser.post("/demo/logout", {});
    expect(browser.answers.length).toBeGreaterThan(30);
    expect(answersCarrying(browser, tokens)).toEqual([]);
  });

  it("R-ENT-01 a recruiter's journey: no document, .data answer, CSV or header ever carries the upstream token", async () => {
    const browser = new RecordingBrowser(server.baseUrl);
    await browser.get("/demo/recruiter/login?langId=en_GB");
    const list = await browser.post("/demo/recruiter/login", { username: "rita", password: "Rita-Recruiter-2027" });
    expect(new URL(list.url).pathname).toBe("/demo/recruiter/applicants");
    const pages = [
      "/demo/recruiter/applicants",
      "/demo/recruiter/applicants?q=ben",
      "/demo/recruiter/applicants/ben",
      "/demo/recruiter/summary",
      "/demo/recruiter/tests",
      "/demo/recruiter/tests/P100",
      "/demo/recruiter/intro",
      "/demo/recruiter/create",
      "/demo/recruiter/import",
    ];
    await openEach(browser, pages);
    for (const file of ["/demo/recruiter/applicants.csv", "/demo/recruiter/applicants/ben/values.csv"]) {
      expect((await browser.get(file)).status, file).toBe(200);
    }
    // A refused form, without and with JavaScript.
    expect((await browser.post("/demo/recruiter/create", { firstName: "" })).status).toBe(400);
    expect((await browser.data("/demo/recruiter/create", { firstName: "" })).status).toBe(400);
    const tokens = await tokensOf(browser);
    expect(tokens).toHaveLength(1);
    await browser.post("/demo/recruiter/logout", {});
    expect(answersCarrying(browser, tokens)).toEqual([]);
  });
});
