import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient, type PageResponse } from "../support/browser-client";
import { cloneUser, DORA_PERSONAL_DATA, signIn, signedInClone } from "../support/demo";
import { expireSession } from "../support/seed-session";
import { startServer, testSecret, type RunningServer } from "../support/server";

/**
 * R-CAT-02, R-CON-04, decision 126: an app session that timed out is not a bare
 * redirect to a login form. The built server against its embedded API, as a browser without
 * JavaScript uses it, with an idle time-out of a few seconds (anonymous sessions follow a shorter
 * general time-out): the first test and the anonymous one wait for the real time-out, the others
 * start from the state it leaves (agedPastTimeOut, docs/decisions/167).
 */
const IDLE_TIMEOUT_S = 10;
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ SESSION_IDLE_TIMEOUT_S: String(IDLE_TIMEOUT_S) });
});
afterAll(async () => {
  await server?.stop();
});

const SESSION_COOKIE = "__Host-session";
const main = (page: PageResponse) => /<main[\s\S]*<\/main>/.exec(page.text)?.[0] ?? "";

/**
 * Waits until the browser's session has timed out: a second browser holding a copy of the cookie
 * asks for a page for signed-in applicants (one that never writes the session, so asking does not
 * keep it alive) until the answer is the time-out, with a deadline.
 */
async function untilTimedOut(browser: BrowserClient): Promise<void> {
  const copy = new BrowserClient(server.baseUrl);
  copy.cookies.set(SESSION_COOKIE, browser.cookies.get(SESSION_COOKIE)!);
  const deadline = Date.now() + IDLE_TIMEOUT_S * 1000 + 30_000;
  for (;;) {
    const page = await copy.get("/demo/FAQ", { follow: false });
    if (page.status === 401) return;
    expect(page.status, "FAQ while the session lasts").toBe(200);
    if (Date.now() > deadline) throw new Error("the session did not time out");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The state a time-out leaves, without waiting for it: the record and the cookie's hint aged past the
 * idle time-out (tests/support/seed-session.ts). The first test and the anonymous one wait for the
 * real time-out; the others test what happens after it (docs/decisions/167).
 */
async function agedPastTimeOut(browser: BrowserClient): Promise<void> {
  const value = browser.cookies.get(SESSION_COOKIE)!;
  browser.cookies.set(
    SESSION_COOKIE,
    await expireSession(path.join(server.dataDir, "app.db"), testSecret(), { name: SESSION_COOKIE, value }),
  );
  const copy = new BrowserClient(server.baseUrl);
  copy.cookies.set(SESSION_COOKIE, browser.cookies.get(SESSION_COOKIE)!);
  expect((await copy.get("/demo/FAQ", { follow: false })).status, "FAQ after the time-out").toBe(401);
}

// Each test waits for the real time-out; sign-ins hash passwords, slow on a loaded machine.
describe("R-CAT-02 R-CON-04 an expired app session (decision 126)", { timeout: 120_000 }, () => {
  it("R-CAT-02 R-CON-04 a page of a timed-out applicant shows C02 in their language, not closable, whose button signs in and leads back", async () => {
    const { browser, user } = await signedInClone(server.baseUrl, "dora", "en_GB");
    await untilTimedOut(browser);
    const page = await browser.get("/demo/assessment/40?field=email", { follow: false });
    expect(page.status).toBe(401);
    const view = main(page);
    expect(view).toContain("Error code C02");
    expect(view).toContain("Your session has expired. Please sign in again.");
    expect(view).toContain('href="/demo/login?redirectTo=%2Fdemo%2Fassessment%2F40%3Ffield%3Demail"');
    expect(view).not.toContain(">Close<");
    // Reloading says the same; public pages stay usable (the login form shows, no error).
    expect((await browser.get("/demo/home", { follow: false })).status).toBe(401);
    const login = await browser.get("/demo/login?redirectTo=%2Fdemo%2Fassessment%2F40%3Ffield%3Demail");
    expect(login.status).toBe(200);
    expect(login.text).toContain('name="redirectTo" value="/demo/assessment/40?field=email"');
    const back = await signIn(browser, user, "?redirectTo=%2Fdemo%2Fassessment%2F40%3Ffield%3Demail");
    expect(new URL(back.url).pathname + new URL(back.url).search).toBe("/demo/assessment/40?field=email");
    expect(back.status).toBe(200);
  });

  it("R-CAT-02 a form posted into the expired session keeps its values for the same applicant's next sign-in", async () => {
    const { browser, user } = await signedInClone(server.baseUrl, "dora", "en_GB");
    await agedPastTimeOut(browser);
    const typed = { ...DORA_PERSONAL_DATA, lastName: "Typed-While-Expired", motivation: "Kept across the time-out" };
    const refused = await browser.post("/demo/assessment/40", { ...typed, intent: "review" }, { follow: false });
    expect(refused.status).toBe(401);
    expect(main(refused)).toContain("Error code C02");
    expect(main(refused)).toContain('href="/demo/login?redirectTo=%2Fdemo%2Fassessment%2F40"');
    const back = await signIn(browser, user, "?redirectTo=%2Fdemo%2Fassessment%2F40");
    expect(new URL(back.url).pathname).toBe("/demo/assessment/40");
    expect(back.text).toContain('value="Typed-While-Expired"');
    expect(back.text).toContain("Kept across the time-out");
    // They are the module's draft now: a reload still has them.
    expect((await browser.get("/demo/assessment/40")).text).toContain('value="Typed-While-Expired"');
  });

  it("R-CAT-02 the profile form posted into the expired session: after signing in again the profile page has what was typed, with a notice", async () => {
    const { browser, user } = await signedInClone(server.baseUrl, "dora", "en_GB");
    await agedPastTimeOut(browser);
    const refused = await browser.post(
      "/demo/profile",
      { firstName: "Dora", lastName: "Typed-While-Expired", email: "kept@example.com", language: "en_GB" },
      { follow: false },
    );
    expect(refused.status).toBe(401);
    expect(main(refused)).toContain('href="/demo/login?redirectTo=%2Fdemo%2Fprofile"');
    const back = await signIn(browser, user, "?redirectTo=%2Fdemo%2Fprofile");
    expect(new URL(back.url).pathname).toBe("/demo/profile");
    expect(back.text).toMatch(/value="Typed-While-Expired"/);
    expect(back.text).toMatch(/value="kept@example.com"/);
    expect(main(back)).toContain("Your session had expired. What you entered has been filled in again");
    // Taken once: they were not saved, so the next visit shows the stored data again.
    const again = await browser.get("/demo/profile");
    expect(again.text).not.toContain("Typed-While-Expired");
    expect(main(again)).not.toContain("Your session had expired");
  });

  it("R-CAT-02 feedback sent into the expired session: after signing in again the dialog is open where it was, with the rating and the comment", async () => {
    const { browser, user } = await signedInClone(server.baseUrl, "dora", "en_GB");
    await agedPastTimeOut(browser);
    const refused = await browser.post(
      "/demo/feedback",
      { rating: "4", comment: "Kept across the time-out", returnTo: "/demo/report" },
      { follow: false },
    );
    expect(refused.status).toBe(401);
    expect(main(refused)).toContain('href="/demo/login?redirectTo=%2Fdemo%2Ffeedback"');
    const back = await signIn(browser, user, "?redirectTo=%2Fdemo%2Ffeedback");
    expect(new URL(back.url).pathname + new URL(back.url).search).toBe("/demo/report?modal=feedback");
    expect(back.text).toMatch(/<input[^>]*value="4"[^>]*checked=""|<input[^>]*checked=""[^>]*value="4"/);
    expect(back.text).toMatch(/<textarea[^>]*>Kept across the time-out<\/textarea>/);
    expect(main(back)).toContain("Your session had expired. What you entered has been filled in again");
  });

  it("R-CAT-02 the change-password form posted into the expired session: never a password in the session store; afterwards the form leads back where it was", async () => {
    const { browser, user } = await signedInClone(server.baseUrl, "dora", "en_GB");
    await agedPastTimeOut(browser);
    const secrets = { oldPassword: "Old-Pw-Marker-7f3a-1", password: "New-Pw-Marker-7f3a-2", passwordRepeat: "New-Pw-Marker-7f3a-2" };
    const refused = await browser.post("/demo/change-password", { ...secrets, returnTo: "/demo/report" }, { follow: false });
    expect(refused.status).toBe(401);
    const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
    const stored = (db.prepare("SELECT data FROM sessions").all() as { data: string }[]).map((row) => row.data).join("\n");
    db.close();
    expect(stored).toContain('"returnTo":"/demo/report"');
    expect(stored).not.toContain("Pw-Marker-7f3a");
    const back = await signIn(browser, user, "?redirectTo=%2Fdemo%2Fchange-password");
    expect(new URL(back.url).pathname).toBe("/demo/change-password");
    expect(back.text).toContain('name="returnTo" value="/demo/report"');
    expect(back.text).not.toContain("Pw-Marker-7f3a");
  });

  it("R-CAT-02 values posted into an expired session never reach another applicant signing in on the same browser", async () => {
    const { browser } = await signedInClone(server.baseUrl, "dora", "en_GB");
    await agedPastTimeOut(browser);
    await browser.post("/demo/assessment/40", { ...DORA_PERSONAL_DATA, lastName: "Private-To-The-First", intent: "review" });
    const other = await cloneUser(server.baseUrl, "dora");
    const page = await signIn(browser, other, "?redirectTo=%2Fdemo%2Fassessment%2F40");
    expect(new URL(page.url).pathname).toBe("/demo/assessment/40");
    expect(page.text).not.toContain("Private-To-The-First");
  });

  it("R-CAT-02 R-CON-04 an anonymous applicant's time-out shows C22 with the button to their registration", async () => {
    const browser = new BrowserClient(server.baseUrl);
    await browser.get("/demo/registration?profileId=P500&langId=it");
    const home = await browser.post("/demo/registration?profileId=P500", { privacy: "on" });
    expect(new URL(home.url).pathname).toBe("/demo/home");
    await untilTimedOut(browser);
    const page = await browser.get("/demo/home", { follow: false });
    expect(page.status).toBe(401);
    const view = main(page);
    expect(view).toContain("C22");
    expect(view).toContain("La tua sessione è scaduta. Registrati di nuovo per continuare.");
    expect(view).toContain('href="/demo/registration?profileId=P500"');
  });

  it("a session that ended before its time-out (a logout elsewhere, a lost store) is no time-out: the login form", async () => {
    const { browser } = await signedInClone(server.baseUrl, "dora", "en_GB");
    const copy = new BrowserClient(server.baseUrl);
    copy.cookies.set(SESSION_COOKIE, browser.cookies.get(SESSION_COOKIE)!);
    await browser.post("/demo/logout", {}, { follow: false });
    expect((await copy.get("/demo/home", { follow: false })).location).toBe("/demo/login?redirectTo=%2Fdemo%2Fhome");
  });

  it("a visitor who never signed in still goes to the login form", async () => {
    const browser = new BrowserClient(server.baseUrl);
    await browser.get("/demo/login");
    const page = await browser.get("/demo/home", { follow: false });
    expect(page.location).toBe("/demo/login?redirectTo=%2Fdemo%2Fhome");
  });
});
