import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { signIn } from "../support/demo";
import { signedInRita } from "../support/recruiter";
import { startServer, type RunningServer } from "../support/server";

/**
 * R-SCR-14 (test setup, docs/decisions/157) over HTTP, like a browser without JavaScript: the tests
 * page, a test's parts and modules in order, its open-until default (a plain form post: saved and
 * audited, or refused with the typed value kept), and the guards.
 */
let server: RunningServer;
const client = () => new BrowserClient(server.baseUrl);

beforeAll(async () => {
  server = await startServer({}, { timeoutMs: 90_000 });
});
afterAll(async () => {
  await server?.stop();
});

const rita = (language = "en_GB") => signedInRita(server.baseUrl, language);

/** The value attribute of the days field. */
const daysValue = (html: string) => /<input[^>]*name="openUntilDays"[^>]*>/.exec(html)?.[0].match(/value="([^"]*)"/)?.[1];

describe("R-SCR-14 test setup (app, decision 157)", () => {
  it("guard: without a recruiter session, and with only an applicant's, the page and its post lead to the recruiter login and change nothing", async () => {
    const browser = client();
    const page = await browser.get("/demo/recruiter/tests/P200", { follow: false });
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/demo/recruiter/login?redirectTo=${encodeURIComponent("/demo/recruiter/tests/P200")}`);
    await signIn(browser, { userName: "anna", password: "Anna-Demo-2027", cstm: "demo" });
    const post = await browser.post("/demo/recruiter/tests/P200", { openUntilDays: "9" }, { follow: false });
    expect(post.status).toBe(302);
    expect(post.location).toMatch(/^\/demo\/recruiter\/login/);
    expect((await browser.get("/demo/recruiter/tests", { follow: false })).location).toMatch(/^\/demo\/recruiter\/login/);

    const recruiter = await rita();
    const after = await recruiter.get("/demo/recruiter/tests/P200");
    expect(after.text).toContain("Currently: open without end.");
    expect(after.text).toContain("No recruiter has changed this test&#x27;s setup yet.");
  });

  it("the tests page is in the navigation and links each test; a test shows its parts and their modules as ordered lists; no-store", async () => {
    const browser = await rita();
    const list = await browser.get("/demo/recruiter/tests");
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect(list.text).toContain('href="/demo/recruiter/tests"');
    expect(list.text).toContain('href="/demo/recruiter/tests/P100"');
    const page = await browser.get("/demo/recruiter/tests/P100");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.text).toMatch(/<h1[^>]*>Test setup: /);
    const containers = [...page.text.matchAll(/<h3 id="container-(\d+)">([^<]*)<\/h3>/g)];
    expect(containers.length).toBeGreaterThan(0);
    expect(page.text).toMatch(/<ol aria-labelledby="container-\d+"><li>/);
    // Where a recruiter assigns a test, the empty date says it means the test's default.
    const applicant = await browser.get("/demo/recruiter/applicants/ben");
    expect(applicant.text).toContain("Empty: the test&#x27;s open-until default (Test setup).");
  });

  it("rita sets P100's default to 21 days: the page says so, the audit table names her and before → after; the same value again adds no entry", async () => {
    const browser = await rita();
    const saved = await browser.post("/demo/recruiter/tests/P100", { openUntilDays: " 21 " });
    expect(saved.status).toBe(200);
    expect(new URL(saved.url).pathname).toBe("/demo/recruiter/tests/P100");
    expect(saved.text).toContain("The open-until default has been saved.");
    expect(saved.text).toContain("Currently: 21 days.");
    expect(daysValue(saved.text)).toBe("21");
    expect(saved.text).toMatch(/<td>rita<\/td><th scope="row">Open-until default changed<\/th><td>open without end → 21 days<\/td>/);
    const again = await browser.post("/demo/recruiter/tests/P100", { openUntilDays: "21" });
    expect(again.text.match(/<th scope="row">Open-until default changed<\/th>/g)).toHaveLength(1);
    const list = await browser.get("/demo/recruiter/tests");
    expect(list.text).toContain("21 days");
  });

  it("refusals: not a whole number of days from 1 to 365 is named under the field (translated), the typed value kept, nothing saved; an unknown test is an invalid link", async () => {
    const browser = await rita();
    for (const typed of ["abc", "0", "366", "1.5", "-3"]) {
      const page = await browser.post("/demo/recruiter/tests/P200", { openUntilDays: typed });
      expect(page.status, typed).toBe(400);
      // Once, under the field (however many ways the value is wrong).
      expect(
        page.text.match(/<p class="field-error">Please enter a whole number of days from 1 to 365, or leave the field empty.<\/p>/g),
      ).toHaveLength(1);
      expect(daysValue(page.text)).toBe(typed);
      expect(page.text).toMatch(/<input[^>]*name="openUntilDays"[^>]*aria-invalid="true"/);
    }
    expect((await browser.get("/demo/recruiter/tests/P200")).text).toContain("Currently: open without end.");
    const german = await rita("de");
    const refused = await german.post("/demo/recruiter/tests/P200", { openUntilDays: "viele" });
    expect(refused.text).toContain("Bitte geben Sie eine ganze Zahl von 1 bis 365 Tagen ein");
    expect((await browser.get("/demo/recruiter/tests/P999")).status).toBe(404);
    expect((await browser.get("/demo/recruiter/tests/a%20b")).status).toBe(404);
    expect((await browser.post("/demo/recruiter/tests/P999", { openUntilDays: "5" })).status).toBe(404);
  });
});
