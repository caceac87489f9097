import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient, type PageResponse } from "../support/browser-client";
import { cloneUser, DORA_PERSONAL_DATA, signIn, signedInClone } from "../support/demo";
import { requestLines, upstreamCallsIn } from "../support/logs";
import { startServer, type RunningServer } from "../support/server";

/**
 * The dashboard's pages over HTTP like a browser without JavaScript: home (and its on-site and
 * side-panel variants) and the profile chooser, against the embedded reference API.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const signedIn = (template: string, language = "en_GB") => signedInClone(server.baseUrl, template, language);

const path = (page: PageResponse) => new URL(page.url).pathname;
const main = (page: PageResponse) => /<main[\s\S]*<\/main>/.exec(page.text)?.[0] ?? "";
const text = (page: PageResponse) =>
  main(page)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

const personalData = DORA_PERSONAL_DATA;

describe("home", () => {
  it("R-SCR-05 R-CONT-03 anna's home: every container with its modules, durations and progress; the progress view", async () => {
    const { browser, landing } = await signedIn("anna");
    expect(path(landing)).toBe("/demo/home");
    const page = text(landing);
    for (const name of ["Cognitive abilities", "Working style", "Practice tasks", "Personal details"]) expect(page).toContain(name);
    expect(page).toContain("Registered since");
    expect(page).toContain("0 of 4 completed");
    expect(page).toContain("0 of 3 modules completed");
    expect(page).toContain("10 minutes");
    // Only the module each container offers next can be started.
    expect(landing.text).toContain('href="/demo/assessment/31"');
    expect(landing.text).not.toContain('href="/demo/assessment/32"');
    expect(landing.text).toMatch(/<progress[^>]*value="0"/);
    expect(landing.headers.get("cache-control")).toBe("no-store");
    const german = await browser.get("/demo/home?langId=de-DU");
    expect(text(german)).toContain("Deine Module");
    expect(text(german)).toContain("Kognitive Fähigkeiten");
  });

  it("R-SCR-05 ben's first container shows 1 of 3 done and its next module", async () => {
    const { browser } = await signedIn("ben");
    await browser.post("/demo/profileChooser", { intent: "open", profileId: "P100" });
    const home = await browser.get("/demo/home");
    expect(text(home)).toContain("1 of 3 modules completed");
    expect(home.text).toContain('href="/demo/assessment/32"');
  });

  it("R-RTE-05 R-FETCH-01 a visitor without a session goes to login; without an active profile, ben goes to the chooser and no container call is made", async () => {
    const anonymous = await new BrowserClient(server.baseUrl).get("/demo/home", { follow: false });
    expect(anonymous.location).toMatch(/^\/demo\/login/);
    const { browser } = await signedIn("ben");
    const home = await browser.get("/demo/home", { follow: false });
    expect(home.location).toBe("/demo/profileChooser");
    // The request's own log lines, once complete (the log arrives through a pipe, after the answer).
    const lines = await requestLines(server.logs, home.headers.get("x-request-id")!);
    expect(upstreamCallsIn(lines, "/dashboardHome/container/")).toEqual([]);
  });

  it("R-SCR-07 R-FORM-02 dora saves her last module: home shows the congratulation notice with the report link", async () => {
    const { browser } = await signedIn("dora");
    const before = text(await browser.get("/demo/home"));
    expect(before).not.toContain("All modules completed");
    await browser.post("/demo/assessment/40", { ...personalData, intent: "review" });
    await browser.post("/demo/assessment/40/summary", { intent: "save" });
    await browser.post("/demo/assessment/40/saved", { intent: "exit" });
    const home = await browser.get("/demo/home");
    expect(text(home)).toContain("All modules completed");
    expect(text(home)).toContain("You can now download your report.");
    expect(text(home)).toContain("To your results");
    expect(text(home)).toContain("4 of 4 completed");
    const phone = await browser.get("/demo/home", {
      headers: { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148" },
    });
    expect(text(phone)).toContain("Your report opens in a new tab on your smartphone.");
  });

  it("R-SCR-07 on-site: the completion notice sends the applicant to the supervisor, without the report", async () => {
    const user = await cloneUser(server.baseUrl, "dora");
    const browser = new BrowserClient(server.baseUrl);
    await browser.get("/demo/login?langId=en_GB");
    await signIn(browser, user, "?onSite=1&profileId=P100");
    await browser.post("/demo/assessment/40", { ...personalData, intent: "review" });
    await browser.post("/demo/assessment/40/summary", { intent: "save" });
    await browser.post("/demo/assessment/40/saved", { intent: "exit" });
    const home = await browser.get("/demo/home");
    expect(text(home)).toContain("Please let the supervisor know that you have finished and log out.");
    expect(text(home)).not.toContain("To your results");
  });

  it("R-DP-01 R-ENT-08 a new statement revision is accepted on home with its id and revision; the contacting agreement separately", async () => {
    const { browser } = await signedIn("anna");
    expect(text(await browser.get("/demo/home"))).not.toContain("I accept the privacy policy");
    const published = await fetch(`${server.baseUrl}/api/dev/publish-statement`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ cstm: "demo" }),
    });
    const { revision } = (await published.json()) as { revision: number };
    const home = await browser.get("/demo/home");
    expect(text(home)).toContain("I accept the privacy policy");
    expect(home.text).toContain(`name="revision" value="${revision}"`);
    // A revision older than the current one is refused: nothing is accepted unseen.
    const outdated = await browser.post("/demo/home", {
      intent: "accept-data-protection",
      statementId: "1",
      revision: String(revision - 1),
    });
    expect(outdated.status).toBe(409);
    expect(text(outdated)).toContain("The privacy policy has changed in the meantime.");
    const accepted = await browser.post("/demo/home", { intent: "accept-data-protection", statementId: "1", revision: String(revision) });
    expect(path(accepted)).toBe("/demo/home");
    expect(text(accepted)).toContain("you have accepted the privacy policy");
    expect(text(accepted)).not.toContain("I accept the privacy policy");
    expect(text(accepted)).toContain("May we contact you about further job offers?");
    const contacting = await browser.post("/demo/home", { intent: "contacting", contacting: "yes" });
    expect(text(contacting)).toContain("we may contact you about further offers");
    expect(text(contacting)).not.toContain("May we contact you about further job offers?");
    expect((await browser.post("/demo/home", { intent: "contacting", contacting: "maybe" })).status).toBe(400);
  });

  it("R-SCR-10 the change-password modal opens over home and posts to the change-password action", async () => {
    const { browser } = await signedIn("anna");
    const page = await browser.get("/demo/home?modal=change-password");
    expect(page.text).toMatch(/<dialog[^>]*aria-labelledby="modal-change-password-title"/);
    expect(page.text).toContain('action="/demo/change-password"');
    expect(page.text).toContain('name="returnTo" value="/demo/home"');
  });

  it("R-RTE-01 the trainee area: home with a side panel, and home-on-site", async () => {
    const { browser, landing } = await signedIn("greta", "de");
    expect(path(landing)).toBe("/azubi/home");
    expect(landing.text).toMatch(/<aside[^>]*class="home-panel"/);
    expect(text(landing)).toContain("Ihr Fortschritt");
    const onSite = await browser.get("/azubi/home-on-site");
    expect(onSite.status).toBe(200);
    expect(text(onSite)).toContain("Ihre Module an dieser Station");
    const demo = await signedIn("anna");
    expect(demo.landing.text).not.toMatch(/<aside[^>]*class="home-panel"/);
  });
});

describe("dates", () => {
  // The server writes the days in the page's language; the browser only shows them (decision 195: a phone's first
  // Intl.DateTimeFormat cost home 40–70 ms of hydration).
  it("R-SCR-05 R-SCR-08 registered since and open until are written as each language writes a day", async () => {
    const { browser, user } = await signedIn("ben");
    const db = new Database(join(server.dataDir, "api.db"));
    try {
      db.prepare("UPDATE users SET created_at = ? WHERE user_name = ?").run("2026-03-05T22:30:00.000Z", user.userName);
      const userId = (db.prepare("SELECT id FROM users WHERE user_name = ?").get(user.userName) as { id: number }).id;
      db.prepare("UPDATE user_profiles SET open_until = ? WHERE user_id = ? AND profile_id = 'P100'").run("2099-06-30", userId);
    } finally {
      db.close();
    }
    const days = [
      ["en_GB", "Registered since 5 March 2026", "Open until 30 June 2099"],
      ["de", "Registriert seit 5. März 2026", "Geöffnet bis 30. Juni 2099"],
      ["hu", "Regisztrálva: 2026. március 5. óta", "Nyitva eddig: 2099. június 30."],
      ["it", "Registrato dal 5 marzo 2026", "Aperto fino al 30 giugno 2099"],
    ];
    for (const [language, , openUntil] of days) {
      expect(text(await browser.get(`/demo/profileChooser?langId=${language}`))).toContain(openUntil);
    }
    await browser.post("/demo/profileChooser", { intent: "open", profileId: "P100" });
    for (const [language, registered] of days) {
      expect(text(await browser.get(`/demo/home?langId=${language}`))).toContain(registered);
    }
  });
});

describe("profileChooser", () => {
  it("R-SCR-08 R-PROF-02 ben's cards: start, overview with the report hint, locked and expired texts", async () => {
    const { landing } = await signedIn("ben");
    expect(path(landing)).toBe("/demo/profileChooser");
    const page = text(landing);
    for (const name of ["Ausbildung 2027", "Duales Studium", "Vertrieb", "Werkstudium"]) expect(page).toContain(name);
    expect(page).toContain("You have finished this profile.");
    expect(page).toContain("Your report for this profile can be downloaded.");
    expect(page).toContain("The time allotted for this profile has expired.");
    expect(page).toContain("This profile is not open at the moment.");
    // Buttons only for profiles that can be opened.
    expect(landing.text).toMatch(/name="profileId" value="P100"/);
    expect(landing.text).toMatch(/name="profileId" value="P200"/);
    expect(landing.text).not.toMatch(/name="profileId" value="P300"/);
    expect(landing.text).not.toMatch(/name="profileId" value="P400"/);
  });

  it("R-PROF-02 the server refuses a locked or expired profile whatever the browser sends; an unknown one too", async () => {
    const { browser } = await signedIn("ben");
    for (const profileId of ["P300", "P400"]) {
      const refused = await browser.post("/demo/profileChooser", { intent: "open", profileId });
      expect(refused.status).toBe(403);
      expect(text(refused)).toContain("This profile cannot be started.");
    }
    expect((await browser.post("/demo/profileChooser", { intent: "open", profileId: "P999" })).status).toBe(404);
    expect((await browser.post("/demo/profileChooser", { intent: "nonsense" })).status).toBe(400);
    expect((await browser.get("/demo/home", { follow: false })).location).toBe("/demo/profileChooser");
  });

  it("R-PROF-02 opening P200 (completed) makes it active; the report intent goes to the report page", async () => {
    const { browser } = await signedIn("ben");
    const opened = await browser.post("/demo/profileChooser", { intent: "open", profileId: "P200" }, { follow: false });
    expect(opened.location).toBe("/demo/home");
    const chooser = await browser.get("/demo/profileChooser");
    expect(text(chooser)).toContain("Current profile");
    const report = await browser.post("/demo/profileChooser", { intent: "report", profileId: "P200" }, { follow: false });
    expect(report.location).toBe("/demo/report");
  });
});
