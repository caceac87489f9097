import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { cloneUser, DORA_PERSONAL_DATA, outbox, signIn } from "../support/demo";
import { startServer, type RunningServer } from "../support/server";

/**
 * The applicant's data rights over HTTP like a browser without JavaScript, and in the embedded API's SQLite file.
 * Art. 17 (docs/decisions/181): a recruiter erases an applicant after a confirmation step that names them; the
 * applicant's data is gone or anonymised, their sign-in and sessions end, no recruiter page, list or export finds
 * them, the statistics count them as before, and the audit log says who erased someone and when, not whom.
 * Art. 15 (docs/decisions/182): the applicant downloads everything stored about them, and a recruiter can produce
 * the same file.
 */
let server: RunningServer;
const client = () => new BrowserClient(server.baseUrl);
const page = (userName: string) => `/demo/recruiter/applicants/${encodeURIComponent(userName)}`;

beforeAll(async () => {
  server = await startServer({}, { timeoutMs: 90_000 });
});
afterAll(async () => {
  await server?.stop();
});

async function signInRecruiter(username = "rita", password = "Rita-Recruiter-2027") {
  const browser = client();
  const answer = await browser.post("/demo/recruiter/login?langId=en_GB", { username, password });
  expect(answer.status).toBe(200);
  return browser;
}

function apiDb() {
  return new Database(path.join(server.dataDir, "api.db"), { readonly: true });
}

/** The summary page's figures (its tables' cells), which erasure must not change. */
function figures(html: string): string[] {
  return [...html.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]);
}

describe("GDPR Art. 17: erasing an applicant (decision 181)", () => {
  it("R-SCR-14 a confirmation step names the applicant; erased, they are in no page, list or export, cannot sign in, and count in the statistics", async () => {
    const rita = await signInRecruiter();
    const dora = await cloneUser(server.baseUrl, "dora");
    // Dora is signed in somewhere, and a reminder is waiting in the outbox for her.
    const doraBrowser = client();
    await signIn(doraBrowser, dora);
    expect((await doraBrowser.get("/demo/home")).status).toBe(200);
    expect((await rita.post(page(dora.userName), { intent: "email-send", template: "reminder" })).status).toBe(200);
    expect(await outbox(server.baseUrl, dora.userName)).toHaveLength(1);
    const summaryBefore = figures((await rita.get("/demo/recruiter/summary?langId=en_GB")).text);
    expect(summaryBefore.length).toBeGreaterThan(0);

    // The applicant page leads to the erasure's own page, which names the applicant and changes nothing.
    const detail = await rita.get(page(dora.userName));
    expect(detail.text).toContain(`href="${page(dora.userName)}/erase"`);
    const confirmation = await rita.get(`${page(dora.userName)}/erase`);
    expect(confirmation.status).toBe(200);
    expect(confirmation.headers.get("cache-control")).toBe("no-store");
    expect(confirmation.text).toContain(`Erase Dora Fischer (${dora.userName})?`);
    expect(confirmation.text).toContain("This cannot be undone.");
    expect((await rita.get(page(dora.userName))).status).toBe(200);

    // Without the button's confirmation (a tampered form): refused, translated, nothing erased.
    const unconfirmed = await rita.post(`${page(dora.userName)}/erase`, {});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.text).toContain("Please confirm the erasure with the button.");
    expect((await rita.get(page(dora.userName))).status).toBe(200);

    const erased = await rita.post(`${page(dora.userName)}/erase`, { confirmed: "yes" }, { follow: false });
    expect(erased.status).toBe(302);
    expect(erased.location).toBe("/demo/recruiter/applicants");
    const list = await rita.get(erased.location!);
    expect(list.text).toContain("The applicant has been erased.");

    // Gone for recruiters: the page is an invalid link, the search and the export find nobody.
    const gone = await rita.get(page(dora.userName));
    expect(gone.status).toBe(404);
    expect((await rita.get(`${page(dora.userName)}/erase`)).status).toBe(404);
    const search = await rita.get(`/demo/recruiter/applicants?q=${encodeURIComponent(dora.userName)}`);
    expect(search.text).toContain("No applicants match these filters.");
    expect(search.text).not.toContain(`href="${page(dora.userName)}"`);
    const csv = await rita.get("/demo/recruiter/applicants.csv?profile=P100");
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain(dora.userName);
    // Her session ends, and her credentials open nothing.
    const ended = await doraBrowser.get("/demo/home");
    expect(ended.status).toBe(401);
    const again = await client().post("/demo/login?langId=en_GB", { username: dora.userName, password: dora.password!, privacy: "on" });
    expect(again.status).toBe(401);
    expect(again.text).toContain("Username or password incorrect");
    // No mail for her is left, and the statistics count her results as before.
    expect(await outbox(server.baseUrl, dora.userName)).toEqual([]);
    expect(figures((await rita.get("/demo/recruiter/summary?langId=en_GB")).text)).toEqual(summaryBefore);

    // In the API's file: the row is anonymised, her personal data deleted, the audit log names nobody.
    const db = apiDb();
    try {
      const row = db
        .prepare("SELECT * FROM users WHERE erased_at IS NOT NULL AND id = (SELECT max(id) FROM users WHERE erased_at IS NOT NULL)")
        .get() as Record<string, unknown>;
      expect(row).toMatchObject({ email: null, first_name: null, last_name: null, password_hash: null, login_disabled: 1 });
      expect(String(row.search_name)).not.toMatch(/dora|fischer/i);
      expect(String(row.user_name)).toMatch(/^erased-\d+-[0-9a-f]{24}$/);
      const id = row.id as number;
      for (const table of ["tokens", "user_hashes", "form_submissions", "feedback", "tracking_events", "password_history"]) {
        expect(db.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).get(id), table).toEqual({ n: 0 });
      }
      expect(db.prepare("SELECT count(*) AS n FROM user_profiles WHERE user_id = ?").get(id)).not.toEqual({ n: 0 });
      const audit = db
        .prepare("SELECT action, applicant_user_name, recruiter_user_name, changes_json FROM recruiter_audit WHERE applicant_id = ?")
        .all(id) as {
        action: string;
        applicant_user_name: string;
        recruiter_user_name: string;
        changes_json: string;
      }[];
      expect(audit.map((entry) => entry.action)).toEqual(["email_sent", "erased"]);
      for (const entry of audit)
        expect(entry).toMatchObject({ applicant_user_name: "[erased]", recruiter_user_name: "rita", changes_json: "{}" });
      const everything =
        JSON.stringify(db.prepare("SELECT * FROM recruiter_audit").all()) + JSON.stringify(db.prepare("SELECT * FROM mail_outbox").all());
      expect(everything).not.toContain(dora.userName);
    } finally {
      db.close();
    }
  });

  it("R-ROLE-01 the erasure is a recruiter's of the applicant's customer: an applicant, a recruiter of another customer and a stranger cannot", async () => {
    const ben = await cloneUser(server.baseUrl, "ben");
    // An applicant's session meets the recruiter login, for the page and the POST.
    const applicant = client();
    await signIn(applicant, ben);
    const asApplicant = await applicant.post(`${page(ben.userName)}/erase`, { confirmed: "yes" }, { follow: false });
    expect(asApplicant.location).toMatch(/^\/demo\/recruiter\/login/);
    // vera serves demo-vor-ort only: demo's applicants are not hers to erase.
    const vera = client();
    expect(
      (await vera.post("/demo-vor-ort/recruiter/login?langId=en_GB", { username: "vera", password: "Vera-Recruiter-2027" })).status,
    ).toBe(200);
    expect((await vera.post(`${page(ben.userName)}/erase`, { confirmed: "yes" }, { follow: false })).status).toBeGreaterThanOrEqual(400);
    expect(
      (await vera.post(`/demo-vor-ort/recruiter/applicants/${encodeURIComponent(ben.userName)}/erase`, { confirmed: "yes" })).status,
    ).toBe(404);
    // Nobody was erased: ben still signs in, and rita still finds him.
    expect(new URL((await signIn(client(), ben)).url).pathname).not.toContain("login");
    const rita = await signInRecruiter();
    expect((await rita.get(page(ben.userName))).status).toBe(200);
  });
});

describe("GDPR Art. 15: everything stored about an applicant, as a file (decision 182)", () => {
  type DataFile = {
    about: string;
    exportedAt: string;
    language: string;
    account: Record<string, unknown>;
    tests: { profileId: string; name: string; results: { module: string; score: number | null }[] }[];
    formAnswers: { field: string; value: unknown }[];
    mails: { kind: string; subject: string }[];
    recruiterActions: { action: string }[];
  };

  it("R-RTE-02 the profile page offers the applicant's file: their account, tests, results, form answers and mails, in their language, no secret", async () => {
    const dora = await cloneUser(server.baseUrl, "dora");
    const rita = await signInRecruiter();
    expect((await rita.post(page(dora.userName), { intent: "email-send", template: "reminder" })).status).toBe(200);
    const browser = client();
    await signIn(browser, dora);
    // Dora fills in the personal details form (module 40 of P100).
    await browser.post("/demo/assessment/40", { ...DORA_PERSONAL_DATA, intent: "review" });
    expect((await browser.post("/demo/assessment/40/summary", { intent: "save" })).status).toBe(200);
    const profile = await browser.get("/demo/profile");
    expect(profile.text).toContain('href="/demo/profile/data.json"');
    expect(profile.text).toContain("Meine Daten herunterladen (JSON)");

    const download = await browser.get("/demo/profile/data.json");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="my-data-demo.json"');
    expect(download.headers.get("cache-control")).toBe("no-store");
    const file = JSON.parse(download.text) as DataFile;
    // A note in the applicant's language (de-DU, informal) says what the file holds.
    expect(file.about).toMatch(/^Alle Daten, die diese Assessment-Plattform über dich speichert/);
    expect(file.language).toBe("de-DU");
    expect(file.account).toMatchObject({ userName: dora.userName, firstName: "Dora", lastName: "Fischer", activated: true });
    expect(file.tests.map((test) => test.profileId).length).toBeGreaterThan(0);
    expect(file.formAnswers).toContainEqual(expect.objectContaining({ value: DORA_PERSONAL_DATA.dateOfBirth }));
    expect(file.mails).toContainEqual(expect.objectContaining({ kind: "recruiter" }));
    expect(file.recruiterActions).toContainEqual({ action: "email_sent", at: expect.any(String) as string });
    // Secrets are no data about the person.
    expect(download.text).not.toMatch(/password|token|hash/i);
    expect(download.text).not.toContain(dora.password!);

    // Signed out: the login, and back to the file afterwards.
    const signedOut = await client().get("/demo/profile/data.json", { follow: false });
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe(`/demo/login?redirectTo=${encodeURIComponent("/demo/profile/data.json")}`);
  });

  it("R-SCR-14 a recruiter produces the applicant's own file, recorded in the audit log; a recruiter of another customer cannot", async () => {
    const dora = await cloneUser(server.baseUrl, "dora");
    const applicant = client();
    await signIn(applicant, dora);
    const own = JSON.parse((await applicant.get("/demo/profile/data.json")).text) as DataFile;

    const rita = await signInRecruiter();
    const detail = await rita.get(page(dora.userName));
    expect(detail.text).toContain(`href="${page(dora.userName)}/data.json"`);
    const download = await rita.get(`${page(dora.userName)}/data.json`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="data-${dora.userName.replace(/[^\w.-]/g, "_")}.json"`);
    const produced = JSON.parse(download.text) as DataFile;
    // The applicant's file, in the applicant's language although rita reads English.
    const { exportedAt: _a, ...ownRest } = own;
    const { exportedAt: _b, ...producedRest } = produced;
    expect({ ...producedRest, recruiterActions: [] }).toEqual({ ...ownRest, recruiterActions: [] });
    expect((await rita.get(page(dora.userName))).text).toContain("Data exported (GDPR Art. 15)");

    const vera = client();
    expect(
      (await vera.post("/demo-vor-ort/recruiter/login?langId=en_GB", { username: "vera", password: "Vera-Recruiter-2027" })).status,
    ).toBe(200);
    expect((await vera.get(`${page(dora.userName)}/data.json`, { follow: false })).status).toBeGreaterThanOrEqual(400);
    expect((await vera.get(`/demo-vor-ort/recruiter/applicants/${encodeURIComponent(dora.userName)}/data.json`)).status).toBe(404);
  });
});
