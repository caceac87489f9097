import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient, type PageResponse } from "../support/browser-client";
import { cloneUser, signIn } from "../support/demo";
import { startFaultyUpstream, type FaultyUpstream } from "../support/faulty-upstream";
import { startServer, type RunningServer } from "../support/server";

/**
 * R-ERR-01, R-ERR-03 and decision 127 on the server, as a browser without
 * JavaScript gets it: a failed secondary call of a page's loaders is a catalogue dialog over the
 * page, which still shows; several failures of one request stack newest first. The app runs
 * against the real embedded API of a demo server through a proxy that breaks one call at a time.
 */
let demo: RunningServer;
let upstream: FaultyUpstream;
let app: RunningServer;

beforeAll(async () => {
  demo = await startServer();
  upstream = await startFaultyUpstream(demo.baseUrl);
  app = await startServer({ UPSTREAM_API_URL: upstream.url });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await upstream?.close();
  await demo?.stop();
});

afterEach(() => upstream.heal());

/** The open error dialogs of a page, in document order (the last one is on top). */
function dialogs(page: PageResponse): string[] {
  return [...page.text.matchAll(/<dialog open=""[^>]*class="error-dialog[\s\S]*?<\/dialog>/g)].map((match) => match[0]);
}

/** The page's first open error dialog, checking that it is the only one. */
function onlyDialog(page: PageResponse): string {
  const [dialog, ...more] = dialogs(page);
  expect(more).toEqual([]);
  return dialog;
}

const codeOf = (dialog: string) => /(?:Fehlercode|Error code|Codice di errore) (\w+)/.exec(dialog)?.[1];

/** A fresh demo applicant signed in through the app under test (the proxy passes the sign-in on). */
async function signedIn(template = "anna", language = "de-DU") {
  const user = await cloneUser(demo.baseUrl, template);
  const browser = new BrowserClient(app.baseUrl);
  await browser.get(`/${user.cstm}/login?langId=${language}`);
  const landing = await signIn(browser, user);
  expect(landing.url).toMatch(/\/demo\/home$/);
  return browser;
}

describe("R-ERR-01 failed secondary calls as dialogs over the page (decision 127)", () => {
  it("R-ERR-01 the privacy statement of the login's privacy modal fails: DP01 over the login page, the form still there", async () => {
    upstream.fail("GET /demo/dataProtStat*");
    const page = await new BrowserClient(app.baseUrl).get("/demo/login?modal=privacy");
    expect(page.status).toBe(200);
    const dialog = onlyDialog(page);
    expect(codeOf(dialog)).toBe("DP01");
    expect(dialog).toContain("Datenschutzerklärung nicht geladen");
    expect(dialog).toMatch(/<form method="dialog"[^>]*><button type="submit" class="button">Schließen<\/button><\/form>/);
    // The login form is the page behind it; no full error page.
    expect(page.text).toContain('name="username"');
    expect(page.text).not.toContain('id="error-title"');
  });

  it("R-ERR-01 R-SCR-10 the newsletter page's privacy modal: the statement over the sign-up form; when it fails, DP01 over the page, the form still there", async () => {
    const client = new BrowserClient(app.baseUrl);
    const healthy = await client.get("/preview/newsletter?modal=privacy");
    expect(healthy.status).toBe(200);
    expect(dialogs(healthy)).toEqual([]);
    expect(healthy.text).toMatch(/<dialog open="" aria-modal="true" aria-labelledby="modal-privacy-title"/);
    expect(healthy.text).toContain("<p>Datenschutzerklärung der Vorschau GmbH</p>");
    upstream.fail("GET /preview/dataProtStat*");
    const page = await client.get("/preview/newsletter?modal=privacy");
    expect(page.status).toBe(200);
    const dialog = onlyDialog(page);
    expect(codeOf(dialog)).toBe("DP01");
    expect(dialog).toContain("Datenschutzerklärung nicht geladen");
    expect(page.text).not.toContain("Datenschutzerklärung der Vorschau GmbH");
    expect(page.text).toMatch(/<input[^>]*name="email"/);
    expect(page.text).not.toContain('id="error-title"');
  });

  it("a page whose secondary calls answer has no error dialog", async () => {
    const page = await new BrowserClient(app.baseUrl).get("/demo/login?modal=privacy");
    expect(page.status).toBe(200);
    expect(dialogs(page)).toEqual([]);
  });

  it("R-ERR-01 the user data of home fails: the modules still show, the error (API01) as a dialog over them", async () => {
    const browser = await signedIn();
    upstream.fail("GET /userData");
    const page = await browser.get("/demo/home");
    expect(page.status).toBe(200);
    const dialog = onlyDialog(page);
    expect(codeOf(dialog)).toBe("API01");
    expect(dialog).toContain("Unbekannter Fehler bei der Anfrage");
    expect(page.text).toMatch(/href="\/demo\/assessment\/\d+"/);
  });

  it("R-ERR-01 the feedback state of the report page fails: the report page with the dialog instead of a silent gap", async () => {
    const browser = await signedIn("dora");
    upstream.fail("GET /userData");
    const page = await browser.get("/demo/report");
    expect(page.status).toBe(200);
    const dialog = onlyDialog(page);
    expect(codeOf(dialog)).toBe("API01");
    expect(page.text).toMatch(/<h1 id="report-title">[^<]+<\/h1>/);
  });

  it("R-LANG-01 R-ERR-01 storing a chosen language fails: the page in the new language, the error over it in that language (decision 124)", async () => {
    const browser = await signedIn();
    upstream.fail("POST /profile");
    const page = await browser.get("/demo/home?langId=it");
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<html lang="it"/);
    const dialog = onlyDialog(page);
    expect(codeOf(dialog)).toBe("API01");
    expect(dialog).toContain("Errore sconosciuto nella richiesta");
  });

  it("an ended session on a secondary call is still the full error page (C03): nothing of the page can load", async () => {
    const browser = await signedIn();
    upstream.fail("GET /userData", { status: 401 });
    const page = await browser.get("/demo/home");
    expect(page.status).toBe(401);
    expect(dialogs(page)).toEqual([]);
    expect(page.text).toContain('id="error-title"');
  });

  it("R-ERR-01 R-DP-01 home's statement to accept fails: DP01 over home and in the privacy card, the modules still there; it loads once the upstream answers", async () => {
    const browser = await signedIn();
    // A new revision that anna has not accepted, so home asks for it (as in dashboard.test.ts).
    const published = await fetch(`${demo.baseUrl}/api/dev/publish-statement`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ cstm: "demo" }),
    });
    expect(published.status).toBe(201);
    upstream.fail("GET /demo/dataProtStat*");
    const page = await browser.get("/demo/home");
    expect(page.status).toBe(200);
    const dialog = onlyDialog(page);
    expect(codeOf(dialog)).toBe("DP01");
    const card = /<section class="card data-protection"[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? "";
    expect(card).toContain("Die Datenschutzerklärung konnte nicht geladen werden.");
    expect(card).not.toContain("Ich akzeptiere die Datenschutzerklärung");
    expect(page.text).toMatch(/href="\/demo\/assessment\/\d+"/);
    upstream.heal();
    const again = await browser.get("/demo/home");
    expect(dialogs(again)).toEqual([]);
    expect(again.text).toContain("Ich akzeptiere die Datenschutzerklärung");
    expect(again.text).not.toContain("Die Datenschutzerklärung konnte nicht geladen werden.");
  });
});

describe("several errors of one request stack (R-ERR-03)", () => {
  it("R-ERR-03 two secondary calls of home fail: two dialogs, the newest (the password dialog's rules, C05) on top, each closable, with 'close all'", async () => {
    const browser = await signedIn();
    upstream.fail("GET /userData");
    upstream.fail("POST /getPasswordRequirementsByUserId", { status: 403 });
    const page = await browser.get("/demo/home?modal=change-password");
    expect(page.status).toBe(200);
    // Document order is bottom first: the user data failed first (API01), the rules after it (403: C05).
    const stack = dialogs(page);
    expect(stack.map(codeOf)).toEqual(["API01", "C05"]);
    // Both closable without JavaScript; only the top one offers "close all" (a link to the page).
    for (const dialog of stack)
      expect(dialog).toMatch(/<form method="dialog"[^>]*><button type="submit" class="button">Schließen<\/button><\/form>/);
    expect(stack[1]).toContain("Darunter liegen weitere Fehler.");
    expect(stack[1]).toMatch(/<a href="\/demo\/home\?modal=change-password">Alle schließen<\/a>/);
    expect(stack[0]).not.toContain("Alle schließen");
  });

  it("R-ERR-03 a failed action and a failed secondary call: the loader's DP01 (newer) on top of the login's API01", async () => {
    upstream.fail("GET /demo/dataProtStat*");
    upstream.fail("POST /login");
    const browser = new BrowserClient(app.baseUrl);
    await browser.get("/demo/login?modal=privacy");
    const page = await browser.post("/demo/login?modal=privacy", { username: "kept-name", password: "Secret-Typed-2027", privacy: "on" });
    expect(page.status).toBe(502);
    expect(dialogs(page).map(codeOf)).toEqual(["API01", "DP01"]);
    // The page with what was typed (never the password).
    expect(page.text).toMatch(/name="username"[^>]*value="kept-name"|value="kept-name"[^>]*name="username"/);
    expect(page.text).not.toContain("Secret-Typed-2027");
  });
});
