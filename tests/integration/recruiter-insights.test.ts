import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { cloneUser, signIn } from "../support/demo";
import { expectedStats } from "../support/recruiter-stats";
import { updateSessionRecord } from "../support/seed-session";
import { startServer, testSecret, type RunningServer } from "../support/server";

/**
 * R-SCR-14 (docs/decisions/155, 156) over HTTP, like a browser without JavaScript: the progress and summary
 * page with its SVG charts and their tables, test continue (the recruiter's code, the station's
 * page), and their guards.
 */
let server: RunningServer;
const client = () => new BrowserClient(server.baseUrl);
const apiDatabase = () => path.join(server.dataDir, "api.db");

beforeAll(async () => {
  // The demo seed hashes the demo passwords and writes 300 generated applicants: generous on a busy machine.
  server = await startServer({}, { timeoutMs: 90_000 });
});
afterAll(async () => {
  await server?.stop();
});

async function signInRecruiter(browser = client()) {
  const page = await browser.post("/demo/recruiter/login", { username: "rita", password: "Rita-Recruiter-2027" });
  expect(page.status).toBe(200);
  return browser;
}

/** The numbers of a chart's table: row header → cell, from the table with that id. */
function tableNumbers(html: string, id: string): Record<string, number> {
  const table = new RegExp(`<table[^>]*id="${id}"[^>]*>([\\s\\S]*?)</table>`).exec(html)?.[1];
  if (!table) throw new Error(`no table ${id}`);
  const numbers: Record<string, number> = {};
  for (const [, label, value] of table.matchAll(/<th scope="row">([^<]*)<\/th><td>(\d+)<\/td>/g)) numbers[label] = Number(value);
  return numbers;
}

describe("R-SCR-14 the progress and summary page (decision 155)", () => {
  it("without a recruiter session it leads to the recruiter login with the way back; at a customer rita does not serve, 403", async () => {
    const page = await client().get("/demo/recruiter/summary?profile=P100", { follow: false });
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/demo/recruiter/login?redirectTo=${encodeURIComponent("/demo/recruiter/summary?profile=P100")}`);
    const browser = await signInRecruiter();
    expect((await browser.get("/azubi/recruiter/summary")).status).toBe(403);
  });

  it("P100's summary: the states chart is an SVG image named by its caption, and its table holds the figures of the data", async () => {
    const browser = await signInRecruiter();
    const page = await browser.get("/demo/recruiter/summary?profile=P100&langId=en_GB");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.text).toContain("Progress and summary: ");
    expect(page.text).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="chart-states-title"/);
    expect(page.text).toMatch(/<figcaption id="chart-states-title"[^>]*>Assignments by state<\/figcaption>/);
    const want = expectedStats(apiDatabase(), { profile: "P100" });
    expect(tableNumbers(page.text, "chart-states-table")).toEqual({
      Invited: want.states.invited,
      Activated: want.states.activated,
      Started: want.states.started,
      Completed: want.states.completed,
      Expired: want.states.expired,
    });
    // One chart per scale with the norm values 1-9, each with its table.
    const scaleTables = [...page.text.matchAll(/id="(chart-scale-(\d+)-table)"/g)];
    expect(scaleTables.length).toBeGreaterThan(0);
    for (const [, id, compId] of scaleTables) {
      const values = want.norms.get(Number(compId)) ?? [];
      const expected = Object.fromEntries(
        [1, 2, 3, 4, 5, 6, 7, 8, 9].map((value) => [String(value), values.filter((norm) => norm === value).length]),
      );
      expect(tableNumbers(page.text, id)).toEqual(expected);
    }
    const rate = Math.round((want.states.completed / want.total) * 1000) / 10;
    expect(page.text).toContain(`${new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 }).format(rate)}%`);
  });

  it("the customer's summary lists every test with a link to its own summary; the date range stays in the link", async () => {
    const browser = await signInRecruiter();
    const page = await browser.get("/demo/recruiter/summary?registeredFrom=2020-01-01&langId=en_GB");
    expect(page.status).toBe(200);
    expect(page.text).toContain("By test");
    expect(page.text).toContain('href="/demo/recruiter/summary?profile=P100&amp;registeredFrom=2020-01-01"');
    const want = expectedStats(apiDatabase(), { from: "2020-01-01" });
    expect(tableNumbers(page.text, "chart-states-table").Completed).toBe(want.states.completed);
  });

  it("a bad filter value is named in the form, kept, and left out of the figures (never a 500)", async () => {
    const browser = await signInRecruiter();
    const page = await browser.get("/demo/recruiter/summary?registeredFrom=2026-02-30&profile=P100&langId=en_GB");
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/id="filter-registeredFrom"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="filter-registeredFrom"/);
    expect(page.text).toContain('value="2026-02-30"');
    const want = expectedStats(apiDatabase(), { profile: "P100" });
    expect(tableNumbers(page.text, "chart-states-table").Completed).toBe(want.states.completed);
  });
});

describe("R-SCR-14 test continue (decision 156)", () => {
  it("rita issues a code for ben's P100; a fresh station types it and lands on ben's home in P100, on-site; the code works once", async () => {
    const ben = await cloneUser(server.baseUrl, "ben");
    const browser = await signInRecruiter();
    const pagePath = `/demo/recruiter/applicants/${ben.userName}`;
    const applicantPage = await browser.get(`${pagePath}?langId=en_GB`);
    expect(applicantPage.text).toContain(`href="${pagePath}/continue?profile=P100"`);
    const form = await browser.get(`${pagePath}/continue?profile=P100`);
    expect(form.status).toBe(200);
    expect(form.headers.get("cache-control")).toBe("no-store");
    expect(form.text).toContain("Test continue: Ben Schulz");
    // Only open, unfinished tests are offered: P100 (P200 and P300 are closed, P400's time is over).
    expect([...form.text.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1])).toEqual(["P100"]);
    const issued = await browser.post(`${pagePath}/continue`, { profile: "P100" });
    expect(issued.status).toBe(200);
    const code = /data-testid="continue-code">([2-9A-Z]{4}-[2-9A-Z]{4})</.exec(issued.text)?.[1];
    expect(code).toBeDefined();
    expect(issued.text).toContain(`/demo/continue?code=${code}`);

    // The link only fills the station's form: a GET never uses the code up.
    const station = client();
    const stationForm = await station.get(`/demo/continue?code=${code}&langId=en_GB`);
    expect(stationForm.status).toBe(200);
    expect(stationForm.headers.get("cache-control")).toBe("no-store");
    expect(stationForm.text).toContain(`value="${code}"`);
    const signedIn = await station.post("/demo/continue", { code: code!.toLowerCase() }, { follow: false });
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/demo/home");
    const home = await station.get("/demo/home");
    expect(home.status).toBe(200);
    expect(home.text).toContain("Ausbildung 2027");

    const reused = await client().post("/demo/continue", { code: code! });
    expect(reused.status).toBe(401);
    expect(reused.text).toContain("Dieser Code ist ungültig, abgelaufen oder schon verwendet.");
    expect(reused.text).toContain(`value="${code}"`);
  });

  it("refusals: a closed test is named on the form; an empty code asks for one; no recruiter session leads to the recruiter login", async () => {
    const ben = await cloneUser(server.baseUrl, "ben");
    const browser = await signInRecruiter();
    const closed = await browser.post(`/demo/recruiter/applicants/${ben.userName}/continue?langId=en_GB`, { profile: "P200" });
    expect(closed.status).toBe(409);
    expect(closed.text).toContain("This test is closed. Extend its open-until date first.");
    const bad = await browser.post(`/demo/recruiter/applicants/${ben.userName}/continue`, { profile: "a b" });
    expect(bad.status).toBe(400);
    const empty = await client().post("/demo/continue?langId=en_GB", { code: "" });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Please enter the code.");
    const guarded = await client().get(`/demo/recruiter/applicants/${ben.userName}/continue`, { follow: false });
    expect(guarded.location).toMatch(/^\/demo\/recruiter\/login\?redirectTo=/);
  });
});

describe("R-ROLE-01 one browser, one role (decision 140, amended): a station never keeps a recruiter's rights", () => {
  const sessionCookie = (browser: BrowserClient) => {
    const name = [...browser.cookies.keys()].find((cookie) => cookie.endsWith("session"))!;
    return { name, value: browser.cookies.get(name)! };
  };

  it("R-ROLE-01 the code used in rita's own browser signs her out: ben's home, the recruiter pages lead to the recruiter login, and ben's logout does not bring rita back", async () => {
    const ben = await cloneUser(server.baseUrl, "ben");
    const browser = await signInRecruiter();
    const pagePath = `/demo/recruiter/applicants/${ben.userName}`;
    const issued = await browser.post(`${pagePath}/continue?langId=en_GB`, { profile: "P100" });
    expect(issued.status).toBe(200);
    expect(issued.text).toContain("Enter the code or open the link on the station, not in this browser");
    const code = /data-testid="continue-code">([2-9A-Z]{4}-[2-9A-Z]{4})</.exec(issued.text)![1];

    // The station's form, opened in the recruiter's browser, warns before anything happens.
    const form = await browser.get(`/demo/continue?code=${code}&langId=en_GB`);
    expect(form.text).toMatch(/Signing in here signs out [^<]+ \(recruiter\) in this browser\./);
    const signedIn = await browser.post("/demo/continue", { code }, { follow: false });
    expect(signedIn.location).toBe("/demo/home");
    expect((await browser.get("/demo/home")).status).toBe(200);

    for (const path of ["/demo/recruiter/applicants", pagePath, `${pagePath}/continue`, "/demo/recruiter/summary"]) {
      const refused = await browser.get(path, { follow: false });
      expect(refused.status, path).toBe(302);
      expect(refused.location, path).toMatch(/^\/demo\/recruiter\/login/);
    }
    // An action is refused the same way, and changes nothing.
    const action = await browser.post(pagePath, { intent: "status", status: "rejected" }, { follow: false });
    expect(action.location).toMatch(/^\/demo\/recruiter\/login/);
    const login = await browser.get("/demo/recruiter/login?langId=en_GB");
    expect(login.text).toContain("Signing in here signs out Ben Schulz in this browser.");

    await browser.post("/demo/logout", {});
    const afterLogout = await browser.get("/demo/recruiter/applicants", { follow: false });
    expect(afterLogout.location).toMatch(/^\/demo\/recruiter\/login/);
    // The server's log reaches us through a pipe: wait for the line rather than read it once.
    await expect.poll(() => server.logs(), { timeout: 10_000 }).toContain('"reason":"applicant-sign-in"');
  });

  it("R-ROLE-01 a recruiter's sign-in ends the applicant's in the same browser, and the recruiter's logout does not bring the applicant back", async () => {
    const anna = await cloneUser(server.baseUrl, "anna");
    const browser = client();
    await signIn(browser, anna);
    expect((await browser.get("/demo/home", { follow: false })).status).toBe(200);
    const login = await browser.get("/demo/recruiter/login?langId=en_GB");
    expect(login.text).toMatch(/Signing in here signs out [^<]+ in this browser\./);
    await signInRecruiter(browser);
    const home = await browser.get("/demo/home", { follow: false });
    expect(home.status).toBe(302);
    expect(home.location).toMatch(/^\/demo\/login/);
    const applicantLogin = await browser.get("/demo/login?langId=en_GB");
    expect(applicantLogin.text).toMatch(/Signing in here signs out [^<]+ \(recruiter\) in this browser\./);
    await browser.post("/demo/recruiter/logout", {});
    expect((await browser.get("/demo/home", { follow: false })).location).toMatch(/^\/demo\/login/);
  });

  it("R-ROLE-01 recruiter pages refuse a session in on-site mode, whatever else it holds", async () => {
    const browser = await signInRecruiter();
    expect((await browser.get("/demo/recruiter/applicants", { follow: false })).status).toBe(200);
    await updateSessionRecord(path.join(server.dataDir, "app.db"), testSecret(), sessionCookie(browser), (data) => {
      data.onSite = { profileId: "P100" };
    });
    const refused = await browser.get("/demo/recruiter/applicants", { follow: false });
    expect(refused.status).toBe(302);
    expect(refused.location).toMatch(/^\/demo\/recruiter\/login/);
  });
});

describe("R-SCR-14 the employee intro (decision 158)", () => {
  it("explains each tool in all five languages, formally in de and de-DU (decision 147), with links to the tools; guarded like every recruiter page", async () => {
    const guarded = await client().get("/demo/recruiter/intro", { follow: false });
    expect(guarded.location).toBe(`/demo/recruiter/login?redirectTo=${encodeURIComponent("/demo/recruiter/intro")}`);
    const browser = await signInRecruiter();
    const titles: Record<string, string> = {
      de: "Einführung: Ihre Werkzeuge",
      "de-DU": "Einführung: Ihre Werkzeuge",
      en_GB: "Introduction: your tools",
      hu: "Bevezetés: az Ön eszközei",
      it: "Introduzione: i Suoi strumenti",
    };
    for (const [language, title] of Object.entries(titles)) {
      const page = await browser.get(`/demo/recruiter/intro?langId=${language}`);
      expect(page.status, language).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.text, language).toContain(title);
      for (const path of ["/applicants", "/create", "/summary", "/tests"])
        expect(page.text, language).toContain(`href="/demo/recruiter${path}"`);
      expect((page.text.match(/<section[^>]*id="intro-/g) ?? []).length, language).toBe(7);
      if (language.startsWith("de")) {
        // The intro's own text (the language chooser names "Deutsch (du)" as a choice).
        const article = /<article[^>]*class="recruiter-intro"[^>]*>([\s\S]*?)<\/article>/.exec(page.text)?.[1] ?? "";
        expect(article).toContain("Sie");
        expect(article).not.toMatch(/\b(du|dein|deine|dich|dir)\b/);
      }
    }
  });
});
