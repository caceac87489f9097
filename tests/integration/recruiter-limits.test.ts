import path from "node:path";
import Database from "better-sqlite3";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaledRecruiterLimits } from "../../api/recruiter/limits";
import { BrowserClient } from "../support/browser-client";
import { cloneUser, outbox } from "../support/demo";
import { startServer, type RunningServer } from "../support/server";

/**
 * docs/decisions/171 in the app: the applicant list's CSV holds every row (it stopped at 20,000
 * without a word), and the embedded API's limits of recruiter calls show as the translated "too many
 * attempts" where the recruiter asked, for every limited call. The server runs the limits at 7 % of
 * their defaults, so each refusal takes a few calls; each test signs in a clone of rita of its own
 * (a count of its own), at a customer of its own where a customer's count could meet another's.
 */
const PERCENT = 7;
const LIMITS = scaledRecruiterLimits(PERCENT).limits;
const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";
/** The create form as a browser posts it (email filled in per applicant). */
const NEW_APPLICANT = {
  firstName: "Lena",
  lastName: "Limit",
  userName: "",
  language: "en_GB",
  password: "",
  profileId: "",
  openUntil: "",
  owner: "",
};

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ API_RECRUITER_LIMIT_PERCENT: String(PERCENT) }, { timeoutMs: 90_000 });
});
afterAll(async () => {
  await server?.stop();
});

async function newRecruiter(cstm = "demo"): Promise<BrowserClient> {
  const clone = await cloneUser(server.baseUrl, "rita");
  const browser = new BrowserClient(server.baseUrl);
  await browser.get(`/${cstm}/recruiter/login?langId=en_GB`);
  const page = await browser.post(`/${cstm}/recruiter/login`, { username: clone.userName, password: clone.password! });
  expect(new URL(page.url).pathname).toBe(`/${cstm}/recruiter/applicants`);
  return browser;
}

function apiDatabase(): Database.Database {
  return new Database(path.join(server.dataDir, "api.db"));
}

/** The number of the list's "Export N applicants" link: what the list says it holds. */
function listTotal(html: string): number {
  const match = /href="[^"]*applicants\.csv[^"]*"[^>]*>([^<]*)</.exec(html);
  return Number(match![1].replace(/[^\d]/g, ""));
}

describe("R-SCR-14 the applicant list's CSV (decision 171)", () => {
  it("R-SCR-14 the CSV holds every row of the list, past the 20,000 it used to stop at; the export is audited with its row count", async () => {
    // Copies of anna up to more than 20,000 applicants, in one statement; every column the schema
    // has is copied, so the rows stay valid when the users table grows.
    const db = apiDatabase();
    try {
      const columns = (db.prepare("PRAGMA table_info(users)").all() as { name: string }[])
        .map((column) => column.name)
        .filter((name) => !["id", "user_name", "email"].includes(name));
      db.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
         INSERT INTO users (${columns.join(", ")}, user_name, email)
         SELECT ${columns.map((name) => `anna.${name}`).join(", ")}, 'copy.' || n.i, 'copy.' || n.i || '@example.com'
         FROM n, users anna WHERE anna.user_name = 'anna'`,
      ).run();
    } finally {
      db.close();
    }
    const browser = await newRecruiter();
    const total = listTotal((await browser.get("/demo/recruiter/applicants")).text);
    expect(total).toBeGreaterThan(20_000);
    const file = await browser.get("/demo/recruiter/applicants.csv");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows: string[][] = parse(file.text, { delimiter: ",", bom: true });
    expect(rows[0][0]).toBe("Username");
    expect(rows.length - 1).toBe(total);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(total);
    const audit = apiDatabase();
    try {
      const entries = audit.prepare("SELECT changes_json FROM recruiter_audit WHERE action = 'list_exported' AND cstm = 'demo'").all() as {
        changes_json: string;
      }[];
      expect(entries.map((entry) => JSON.parse(entry.changes_json) as unknown)).toEqual([
        { via: "export", filter: { sort: "name", order: "asc" }, rows: total },
      ]);
    } finally {
      audit.close();
    }
  });
});

describe("R-SCR-14 a refused recruiter call says so where it was asked (decision 171)", () => {
  it("R-SCR-14 list export, report PDF and values CSV, continue code, import, creation and mail: over the limit, the page shows the translated message", async () => {
    const browser = await newRecruiter();
    const ben = await cloneUser(server.baseUrl, "ben");
    const anna = await cloneUser(server.baseUrl, "anna");
    const applicantPage = `/demo/recruiter/applicants/${ben.userName}`;

    // The list's export (at demo-vor-ort: demo's count is the other test's).
    expect(LIMITS["list-export"].perRecruiter).toBe(1);
    await browser.get("/demo-vor-ort/recruiter/applicants?langId=en_GB");
    expect((await browser.get("/demo-vor-ort/recruiter/applicants.csv?status=new")).headers.get("content-type")).toContain("text/csv");
    const list = await browser.get("/demo-vor-ort/recruiter/applicants.csv?status=new", { follow: false });
    expect(list.location).toBe("/demo-vor-ort/recruiter/applicants?status=new");
    const listPage = await browser.get(list.location!);
    expect(listPage.text).toContain(TOO_MANY);

    // Report PDF and values CSV share one count.
    for (let download = 0; download < LIMITS["applicant-export"].perRecruiter; download++) {
      expect((await browser.get(`${applicantPage}/values.csv`)).headers.get("content-type"), `download ${download + 1}`).toContain(
        "text/csv",
      );
    }
    const report = await browser.get(`${applicantPage}/report/P100`);
    expect(new URL(report.url).pathname).toBe(applicantPage);
    expect(report.text).toContain(TOO_MANY);
    const values = await browser.get(`${applicantPage}/values.csv`);
    expect(new URL(values.url).pathname).toBe(applicantPage);
    expect(values.text).toContain(TOO_MANY);

    // A continue code: the form says so.
    expect(LIMITS["continue-code"].perRecruiter).toBe(1);
    expect((await browser.post(`${applicantPage}/continue`, { profile: "P100" })).text).toContain("One-time code for the station");
    const code = await browser.post(`${applicantPage}/continue`, { profile: "P100" });
    expect(code.status).toBe(429);
    expect(code.text).toContain(TOO_MANY);

    // An import: staging counts, so confirming is the one too many; the preview says so.
    expect(LIMITS.import.perRecruiter).toBe(1);
    const preview = await browser.upload(
      "/demo/recruiter/import",
      {
        field: "file",
        name: "applicants.csv",
        type: "text/csv",
        content: "email,firstName,lastName\nlimit.import@example.com,Lia,Limit\n",
      },
      { headers: { Referer: `${server.baseUrl}/demo/recruiter/import` } },
    );
    expect(new URL(preview.url).pathname).toMatch(/^\/demo\/recruiter\/import\/[0-9a-f]{32}$/);
    const confirm = await browser.post(new URL(preview.url).pathname, { intent: "confirm" });
    expect(confirm.status).toBe(429);
    expect(confirm.text).toContain(TOO_MANY);
    expect(await outbox(server.baseUrl, "limit.import@example.com")).toEqual([]);

    // Creating applicants.
    for (let created = 0; created < LIMITS.create.perRecruiter; created++) {
      const page = await browser.post(
        "/demo/recruiter/create",
        { ...NEW_APPLICANT, email: `limit.${created}@example.com` },
        { follow: false },
      );
      expect(page.status, `creation ${created + 1}`).toBe(302);
    }
    const create = await browser.post("/demo/recruiter/create", { ...NEW_APPLICANT, email: "limit.over@example.com" });
    expect(create.status).toBe(429);
    expect(create.text).toContain(TOO_MANY);
    expect(await outbox(server.baseUrl, "limit.over@example.com")).toEqual([]);

    // A mail: one an hour reaches one applicant at these limits.
    expect(LIMITS.email.perApplicant).toBe(1);
    const annaPage = `/demo/recruiter/applicants/${anna.userName}`;
    expect((await browser.post(annaPage, { intent: "email-send", template: "reminder" })).text).toContain("The e-mail has been sent.");
    // The send button sits in the preview (?preview=…), which the answer shows again with the message.
    const mail = await browser.post(`${annaPage}?preview=reminder`, { intent: "email-send", template: "reminder" });
    expect(mail.status).toBe(429);
    expect(mail.text).toContain(TOO_MANY);
    expect(await outbox(server.baseUrl, anna.userName)).toHaveLength(1);

    // Recruiter pages address the recruiter formally, also where applicants are addressed with du (decision 147).
    const formal = await browser.post(`${applicantPage}/continue?langId=de-DU`, { profile: "P100" });
    expect(formal.status).toBe(429);
    expect(formal.text).toContain("Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.");

    for (const intent of ["list-export", "report", "values", "continue-code", "import-commit", "create", "email-send"]) {
      expect(server.logs(), intent).toMatch(
        new RegExp(`"intent":"${intent}","outcome":"rate-limited"\\}[^\\n]*"recruiter action refused"`),
      );
    }
  });
});
