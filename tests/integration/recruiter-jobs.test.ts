import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { cloneUser, outbox, signIn } from "../support/demo";
import { startServer, type RunningServer } from "../support/server";

/**
 * The embedded API's scheduled jobs over HTTP, like a browser without JavaScript, with the demo-mode endpoint that runs
 * them at a chosen "now". Reminders (docs/decisions/186): a test's settings (a plain form: saved, audited, refused with
 * translated messages and the typed values kept), what is scheduled and what was sent, each reminder once, also with
 * two instances on one database. Retention (docs/decisions/187): the recruiter's "erased in the next 30 days" is what
 * the job erases, once; an erased applicant cannot sign in and the statistics still count them.
 */
let server: RunningServer;
const client = () => new BrowserClient(server.baseUrl);
/** The jobs run only when a test says so; a six-month retention period for every customer without its own. */
const JOB_ENV = { API_JOBS_INTERVAL_S: "86400", API_RETENTION_MONTHS: "6" };

beforeAll(async () => {
  server = await startServer(JOB_ENV, { timeoutMs: 90_000 });
});
afterAll(async () => {
  await server?.stop();
});

const TODAY = new Date().toISOString().slice(0, 10);
/** The day `days` from today, YYYY-MM-DD (UTC, as the jobs count). */
function day(days: number, from = TODAY): string {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const longDate = (value: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${value}T00:00:00Z`));

interface JobsReport {
  now: string;
  reminders: { cstm: string; userName: string; profileId: string; kind: string; dueOn: string }[];
  erased: { cstm: string; userName: string; dueOn: string }[];
}

async function runJobs(baseUrl: string, body: { now?: string; job?: "reminders" | "retention" }): Promise<JobsReport> {
  const response = await fetch(`${baseUrl}/api/dev/jobs/run`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as JobsReport;
}

const noon = (value: string) => `${value}T12:00:00.000Z`;

/** rita at demo-vor-ort: its applicants are the ones created there, none of demo's generated ones (decision 170). */
async function signInRita(cstm = "demo-vor-ort") {
  const browser = client();
  const page = await browser.post(`/${cstm}/recruiter/login?langId=en_GB`, { username: "rita", password: "Rita-Recruiter-2027" });
  expect(new URL(page.url).pathname).toBe(`/${cstm}/recruiter/applicants`);
  return browser;
}

const REMINDERS = "/demo-vor-ort/recruiter/tests/P100/reminders";

async function createApplicant(rita: BrowserClient, email: string, fields: { password?: string; openUntil?: string }) {
  const page = await rita.post("/demo-vor-ort/recruiter/create", {
    firstName: "Rosa",
    lastName: "Reminder",
    email,
    userName: "",
    language: "en_GB",
    password: fields.password ?? "",
    profileId: "P100",
    openUntil: fields.openUntil ?? "",
    owner: "",
  });
  expect(new URL(page.url).pathname).toBe(`/demo-vor-ort/recruiter/applicants/${encodeURIComponent(email)}`);
}

/** The user names an applicant list links to. */
const linkedApplicants = (html: string, cstm: string) =>
  [...html.matchAll(new RegExp(`href="/${cstm}/recruiter/applicants/([^"]+)"`, "g"))].map((match) => decodeURIComponent(match[1]));

/** The summary page's figures (its tables' cells). */
const figures = (html: string) => [...html.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]);

function apiDb() {
  return new Database(path.join(server.dataDir, "api.db"), { readonly: true });
}

describe("automatic reminders (decision 186)", () => {
  it("R-SCR-14 a test's reminder settings: linked from its setup, off by default, refused with translated messages and the input kept, saved and audited", async () => {
    const anonymous = await client().get(REMINDERS, { follow: false });
    expect(anonymous.location).toBe(`/demo-vor-ort/recruiter/login?redirectTo=${encodeURIComponent(REMINDERS)}`);

    const rita = await signInRita();
    expect((await rita.get("/demo-vor-ort/recruiter/tests/P100")).text).toContain(`href="${REMINDERS}"`);
    const page = await rita.get(REMINDERS);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.text).toContain("Send reminders automatically");
    expect(page.text).toContain("Reminders are switched off for this test.");
    expect(page.text).not.toMatch(/<input[^>]*name="enabled"[^>]*checked/);

    const bad = await rita.post(REMINDERS, { enabled: "on", daysBeforeOpenUntil: "0", daysAfterInvitation: "abc" });
    expect(bad.status).toBe(400);
    const fieldErrors = [...bad.text.matchAll(/<p class="field-error">([^<]*)<\/p>/g)].map((match) => match[1]);
    expect(fieldErrors).toEqual(Array(2).fill("Please enter a whole number of days from 1 to 90, or leave the field empty."));
    expect(bad.text).toMatch(/<input[^>]*name="daysAfterInvitation"[^>]*value="abc"/);
    const none = await rita.post(REMINDERS, { enabled: "on", daysBeforeOpenUntil: "", daysAfterInvitation: "" });
    expect(none.status).toBe(400);
    expect(none.text).toContain("To switch reminders on, enter the days of at least one reminder.");

    const saved = await rita.post(REMINDERS, { enabled: "on", daysBeforeOpenUntil: "3", daysAfterInvitation: "2" }, { follow: false });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(REMINDERS);
    const after = await rita.get(REMINDERS);
    expect(after.text).toContain("The reminder settings have been saved.");
    expect(after.text).toMatch(/<input[^>]*name="enabled"[^>]*checked/);
    expect(after.text).toMatch(/<input[^>]*name="daysBeforeOpenUntil"[^>]*value="3"/);
    const setup = (await rita.get("/demo-vor-ort/recruiter/tests/P100")).text;
    expect(setup).toContain("Reminder settings changed");
    expect(setup).toContain("Send reminders automatically: off → on; Days before the open-until date: — → 3");
  });

  it("R-SCR-14 a run at a chosen day sends exactly the due reminders, once: N days before open-until to who has not finished, and to invitees who never activated", async () => {
    const rita = await signInRita();
    await createApplicant(rita, "due.before@example.com", { password: "Due-Before-2027", openUntil: day(10) });
    await createApplicant(rita, "later.before@example.com", { password: "Later-Before-2027", openUntil: day(20) });
    await createApplicant(rita, "never.activated@example.com", {});

    // Scheduled, soonest first: the invitee 2 days after today's invitation, then 3 days before each open-until.
    const scheduled = await rita.get(REMINDERS);
    expect(linkedApplicants(scheduled.text, "demo-vor-ort")).toEqual([
      "never.activated@example.com",
      "due.before@example.com",
      "later.before@example.com",
    ]);
    for (const due of [day(2), day(7), day(17)]) expect(scheduled.text).toContain(longDate(due));
    expect(scheduled.text).toContain("Account not activated");

    const run = await runJobs(server.baseUrl, { now: noon(day(7)), job: "reminders" });
    expect(run.erased).toEqual([]);
    expect(run.reminders.map(({ userName, kind, dueOn }) => ({ userName, kind, dueOn }))).toEqual([
      { userName: "never.activated@example.com", kind: "not_activated", dueOn: day(2) },
      { userName: "due.before@example.com", kind: "open_until", dueOn: day(7) },
    ]);
    const [reminder] = await outbox(server.baseUrl, "due.before@example.com");
    expect(reminder).toMatchObject({ kind: "recruiter", subject: "Reminder: your online assessment at Demo AG (vor Ort)" });
    expect(reminder.text).toContain(`by ${longDate(day(10))}`);
    const activation = await outbox(server.baseUrl, "never.activated@example.com");
    // The creation's activation mail, then the reminder's with a new link.
    expect(activation.map((mail) => mail.kind)).toEqual(["activation", "activation"]);
    expect(activation[0].link).not.toBe(activation[1].link);
    expect(await outbox(server.baseUrl, "later.before@example.com")).toEqual([]);

    // Again at the same day, and a day later: nothing more.
    expect((await runJobs(server.baseUrl, { now: noon(day(7)), job: "reminders" })).reminders).toEqual([]);
    expect((await runJobs(server.baseUrl, { now: noon(day(8)), job: "reminders" })).reminders).toEqual([]);
    expect(await outbox(server.baseUrl, "due.before@example.com")).toHaveLength(1);

    const page = await rita.get(REMINDERS);
    const sent = page.text.slice(page.text.indexOf("reminders-sent-title"));
    expect(linkedApplicants(sent, "demo-vor-ort").sort()).toEqual(["due.before@example.com", "never.activated@example.com"]);
    const applicant = await rita.get("/demo-vor-ort/recruiter/applicants/due.before%40example.com");
    expect(applicant.text).toContain("Reminder sent automatically");
    // The audit names the job in the recruiter's language, not by its bracketed name (decisions 186, 187).
    expect(applicant.text).toMatch(/<t[hd][^>]*>the automatic reminders<\/t[hd]>/);
    expect(applicant.text).not.toMatch(/<t[hd][^>]*>\[reminders\]<\/t[hd]>/);
  });
});

describe("retention (decision 187)", () => {
  it("the recruiter's 'erased in the next 30 days' is exactly what the job erases by then, once, and the audit names the job", async () => {
    const rita = await signInRita("demo");
    const view = await rita.get("/demo/recruiter/retention");
    expect(view.status).toBe(200);
    expect(view.headers.get("cache-control")).toBe("no-store");
    expect(view.text).toContain("Erased in the next 30 days");
    expect(view.text).toContain("The retention period is 6 months");
    const listed = linkedApplicants(view.text, "demo");
    expect(listed.length).toBeGreaterThan(0);
    expect((await rita.get("/demo/recruiter/applicants")).text).toContain('href="/demo/recruiter/retention"');

    const run = await runJobs(server.baseUrl, { now: noon(day(30)), job: "retention" });
    expect(run.reminders).toEqual([]);
    const erased = run.erased.filter((entry) => entry.cstm === "demo");
    expect(erased.map((entry) => entry.userName).sort()).toEqual([...listed].sort());
    for (const entry of erased) expect(entry.dueOn <= day(30)).toBe(true);
    expect((await runJobs(server.baseUrl, { now: noon(day(30)), job: "retention" })).erased).toEqual([]);
    expect((await rita.get("/demo/recruiter/retention")).text).toContain("Nobody is due in the next 30 days.");
    expect((await rita.get(`/demo/recruiter/applicants/${encodeURIComponent(listed[0])}`)).status).toBe(404);

    const db = apiDb();
    try {
      const audit = db.prepare("SELECT recruiter_id, recruiter_user_name FROM recruiter_audit WHERE action = 'erased'").all();
      expect(audit).toHaveLength(run.erased.length);
      for (const entry of audit) expect(entry).toEqual({ recruiter_id: null, recruiter_user_name: "[retention]" });
    } finally {
      db.close();
    }
  });

  it("two instances on one database run the jobs at the same moment: each reminder is sent once, each due applicant erased once; the erased cannot sign in and still count in the statistics", async () => {
    const second = await startServer({ ...JOB_ENV, API_DATABASE_PATH: path.join(server.dataDir, "api.db") }, { timeoutMs: 90_000 });
    try {
      // Enough reminders that both runs are still claiming when the other starts: created over the API, not the form.
      const login = await fetch(`${server.baseUrl}/api/recruiter/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ cstm: "demo-vor-ort", userName: "rita", password: "Rita-Recruiter-2027" }),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const emails = Array.from({ length: 80 }, (_, index) => `two.instances.${String(index).padStart(3, "0")}@example.com`);
      const create = async (email: string) => {
        const created = await fetch(`${server.baseUrl}/api/demo-vor-ort/recruiter/applicants`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: JSON.stringify({
            email,
            firstName: "Two",
            lastName: "Instances",
            password: "Two-Instances-2027",
            profileId: "P100",
            openUntil: day(60),
          }),
        });
        expect(created.status, email).toBe(201);
      };
      for (let index = 0; index < emails.length; index += 8) await Promise.all(emails.slice(index, index + 8).map(create));

      const both = (body: Parameters<typeof runJobs>[1]) => Promise.all([runJobs(server.baseUrl, body), runJobs(second.baseUrl, body)]);
      const reminders = (await both({ now: noon(day(57)), job: "reminders" })).flatMap((report) => report.reminders);
      expect(reminders.map((entry) => entry.userName).sort()).toEqual(emails);
      expect((await both({ now: noon(day(57)), job: "reminders" })).flatMap((report) => report.reminders)).toEqual([]);
      const db = apiDb();
      try {
        const mails = db
          .prepare("SELECT to_address AS email, count(*) AS n FROM mail_outbox WHERE to_address LIKE 'two.instances.%' GROUP BY to_address")
          .all();
        expect(mails).toEqual(emails.map((email) => ({ email, n: 1 })));
      } finally {
        db.close();
      }

      // Everyone left is due 200 days on: hundreds of erasures, claimed by both instances at once.
      const dora = await cloneUser(server.baseUrl, "dora");
      expect(new URL((await signIn(client(), dora)).url).pathname).not.toContain("login");
      const rita = await signInRita("demo");
      const summaryBefore = figures((await rita.get("/demo/recruiter/summary?langId=en_GB")).text);
      expect(summaryBefore.length).toBeGreaterThan(0);
      const erasures = () => {
        const db = apiDb();
        try {
          return (db.prepare("SELECT count(*) AS n FROM recruiter_audit WHERE action = 'erased'").get() as { n: number }).n;
        } finally {
          db.close();
        }
      };
      const erasuresBefore = erasures();
      const erased = (await both({ now: noon(day(200)), job: "retention" })).flatMap((report) => report.erased);
      const names = erased.map((entry) => `${entry.cstm}/${entry.userName}`);
      expect(names.length).toBeGreaterThan(100);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain(`demo/${dora.userName}`);
      expect(erasures()).toBe(erasuresBefore + names.length);
      expect((await both({ now: noon(day(200)), job: "retention" })).flatMap((report) => report.erased)).toEqual([]);

      const again = await client().post("/demo/login?langId=en_GB", { username: dora.userName, password: dora.password!, privacy: "on" });
      expect(again.status).toBe(401);
      expect(again.text).toContain("Username or password incorrect");
      expect(figures((await rita.get("/demo/recruiter/summary?langId=en_GB")).text)).toEqual(summaryBefore);
    } finally {
      await second.stop();
    }
  });
});
