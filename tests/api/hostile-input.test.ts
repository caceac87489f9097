import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "./support/api";
import { openEngineSession } from "./support/flows";

/**
 * Malformed and hostile payloads to every endpoint: wrong types, huge strings, SQL and HTML
 * fragments, unicode, arrays instead of objects, invalid JSON, prototype pollution, hostile paths
 * and queries. Nothing may answer 5xx and nothing may change in the database.
 */
let api: TestApi;
let applicant: string;
let recruiter: string;
let enginePath: string;

beforeAll(async () => {
  api = await startApi();
  applicant = await api.login("anna");
  recruiter = (await api.post("/recruiter/login", { cstm: "demo", userName: "rita", password: "Rita-Recruiter-2027" })).body.access_token;
  const { sessionURL } = await openEngineSession(api, applicant, "P100", 31);
  enginePath = sessionURL.replace(/^\/api/, "");
  // Opening the page marks the session started; do it before the snapshot.
  await api.get(enginePath);
});
afterAll(() => api.close());

type Auth = "none" | "applicant" | "recruiter" | "garbage";

const endpoints = (): [string, string, Auth][] => [
  ["GET", "/getConfiguration", "none"],
  ["POST", "/login", "none"],
  ["POST", "/onSiteLogin", "none"],
  ["POST", "/register", "none"],
  ["POST", "/registerAnon", "none"],
  ["POST", "/accountActivation", "none"],
  ["POST", "/changeUserPassword", "applicant"],
  ["POST", "/saveNewPassword", "none"],
  ["POST", "/resetPassword", "none"],
  ["POST", "/resetPasswordByUserName", "none"],
  ["POST", "/getPasswordRequirementsForSelfRegister", "none"],
  ["POST", "/getPasswordRequirementsByUserHash", "none"],
  ["POST", "/getPasswordRequirementsByUserId", "applicant"],
  // Logging out takes no input; with a valid token it would (rightly) change data.
  ["GET", "/logout", "garbage"],
  ["POST", "/refreshToken", "applicant"],
  ["GET", "/demo/dataProtStat/1/de-DU", "none"],
  ["POST", "/acceptDataProtection", "applicant"],
  ["GET", "/userData", "applicant"],
  ["GET", "/profiles", "applicant"],
  ["GET", "/dashboardHome/P100", "applicant"],
  ["GET", "/dashboardHome/container/P100", "applicant"],
  ["GET", "/profile", "applicant"],
  ["POST", "/profile", "applicant"],
  ["POST", "/postUserFeedback", "applicant"],
  ["POST", "/finalizeApplication", "applicant"],
  ["POST", "/finishComponent", "applicant"],
  ["POST", "/finishFBOComponents", "applicant"],
  ["GET", "/getProjectForms", "applicant"],
  ["GET", "/formData/personal-data", "applicant"],
  ["POST", "/formData/personal-data", "none"],
  ["POST", "/getSessionUrl", "applicant"],
  ["POST", "/initPicat", "none"],
  ["GET", enginePath, "none"],
  ["POST", enginePath, "none"],
  ["POST", "/getReportBindingsWithScalesAndUserComponentStatus", "applicant"],
  ["POST", "/createReport", "applicant"],
  ["POST", "/trackPicatNavigation", "applicant"],
  ["POST", "/trackFormAction", "applicant"],
  ["POST", "/trackVideoAction", "applicant"],
  ["POST", "/handleClientError", "applicant"],
  ["POST", "/custom/preview/newsletter", "none"],
  ["POST", "/recruiter/login", "none"],
  ["POST", "/recruiter/refreshToken", "recruiter"],
  ["GET", "/recruiter/logout", "garbage"],
  ["GET", "/recruiter/applicants", "recruiter"],
  ["GET", "/recruiter/applicants/anna", "recruiter"],
  ["GET", "/media/engine.css", "none"],
  ["GET", "/dev/outbox", "none"],
  ["POST", "/dev/clone-user", "none"],
];

/** Every body field name the API reads anywhere. */
const FIELDS = [
  "cstm",
  "userName",
  "password",
  "language",
  "profileId",
  "componentId",
  "moduleIds",
  "returnUrl",
  "email",
  "firstName",
  "lastName",
  "dataProtectionStatementId",
  "dataProtectionStatementRevision",
  "contactingAccepted",
  "userIdHash",
  "userHash",
  "oldPassword",
  "newPassword",
  "userId",
  "dpsm_dpsm_id",
  "revision",
  "rating",
  "comment",
  "submissionToken",
  "values",
  "sessionData",
  "action",
  "target",
  "videoId",
  "position",
  "client",
  "userAgent",
  "url",
  "errMessage",
  "errStack",
  "userInfo",
  "consent",
  "subject",
  "text",
  "template",
  "page",
  "item_1",
  "item_5",
  "raw",
];

const HOSTILE_VALUES: unknown[] = [
  [],
  {},
  [{ a: 1 }],
  null,
  -1,
  1e308,
  2 ** 64,
  true,
  { $gt: "" },
  "' OR '1'='1' --",
  "'); DROP TABLE users; --",
  "<script>alert(1)</script>",
  "\u0000\u202e\ud800💥",
  "../../etc/passwd",
];

const RAW_BODIES = [
  "{",
  '{"cstm":',
  "[]",
  "[{}]",
  "null",
  '"string"',
  "42",
  "true",
  '{"__proto__":{"polluted":true},"cstm":"demo"}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  "[".repeat(5000) + "]".repeat(5000),
  "\ufeff{}",
  '{"cstm":"demo","cstm":["a"]}',
];

const HOSTILE_QUERIES = [
  "?cstm[$ne]=x",
  "?cstm=demo&cstm=azubi",
  "?profileId[]=P100",
  "?profileId=%27%20OR%20%271%27%3D%271",
  "?language=%00",
  "?raw=true&profileId=P100%3Cscript%3E",
  "?to[a]=b",
  "?page=999999999999",
  "?" + "a=1&".repeat(2000),
  "?x=" + "%F0%9F%92%A5".repeat(500),
];

function tokenFor(auth: Auth): string | undefined {
  if (auth === "applicant") return applicant;
  if (auth === "recruiter") return recruiter;
  if (auth === "garbage") return "' OR 1=1 --";
  return undefined;
}

function snapshot(): Record<string, string[]> {
  const db = new Database(api.databasePath, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
      name: string;
    }[];
    return Object.fromEntries(
      tables.map(({ name }) => [
        name,
        db
          .prepare(`SELECT * FROM "${name}"`)
          .all()
          .map((row) => JSON.stringify(row))
          .sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

describe("hostile input", () => {
  it("R-API-02 no endpoint answers 5xx or changes data, whatever the body", { timeout: 120_000 }, async () => {
    const before = snapshot();
    const failures: string[] = [];
    const check = (label: string, status: number) => {
      if (status >= 500) failures.push(`${label} → ${status}`);
    };
    for (const [method, path, auth] of endpoints()) {
      const token = tokenFor(auth);
      const send = async (label: string, options: Parameters<TestApi["call"]>[2]) =>
        check(`${method} ${path} ${label}`, (await api.call(method, path, { token, ...options })).status);

      // An empty JSON object (with a BOM too) is valid input for the calls without input, which rightly act on it.
      const takesNoInput = /\/(refreshToken|finalizeApplication)$/.test(path);
      for (const raw of RAW_BODIES)
        if (!(takesNoInput && raw.replace(/^\ufeff/, "") === "{}"))
          await send(`raw ${raw.slice(0, 30)}`, { rawBody: raw, headers: { "content-type": "application/json" } });
      for (const value of HOSTILE_VALUES)
        await send(`all fields = ${JSON.stringify(value)}`, { body: Object.fromEntries(FIELDS.map((field) => [field, value])) });
      // Every field once with a string longer than any limit, eight fields a request (under the body limit).
      for (let start = 0; start < FIELDS.length; start += 8) {
        const fields = FIELDS.slice(start, start + 8);
        await send(`${fields.join(",")} huge`, { body: Object.fromEntries(fields.map((field) => [field, "A".repeat(30_000)])) });
      }
      await send("oversized", {
        rawBody: JSON.stringify({ text: "x".repeat(2 * 1024 * 1024) }),
        headers: { "content-type": "application/json" },
      });
      await send("text/plain", { rawBody: '{"cstm":"demo"}', headers: { "content-type": "text/plain" } });
      await send("form-encoded", {
        rawBody: "cstm=demo&userName[]=x&page=1&item_1=9",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      await send("bad charset", { rawBody: "{}", headers: { "content-type": "application/json; charset=ebcdic" } });
      await send("bad authorization", { token: undefined, headers: { authorization: "Bearer " + "\u00ff".repeat(10) } });
      // Queries are read by GET calls only.
      if (method !== "GET") continue;
      for (const query of HOSTILE_QUERIES)
        check(`${method} ${path}${query.slice(0, 40)}`, (await api.call(method, path + query, { token })).status);
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // An error report is free text by nature: handleClientError rightly stores these strings (verbatim, see below).
    // A read of the unpaged applicant list is a list export, audited with its filter and row count, and the
    // recruiter calls count against their limits (decision 171): the audit's export rows and the limits' counters
    // are the one thing the calls may add.
    const { client_errors: reports, recruiter_audit: audit, request_limits: _counted, request_limit_meta: _meta, ...after } = snapshot();
    const {
      client_errors: _none,
      recruiter_audit: auditBefore,
      request_limits: _counts,
      request_limit_meta: _metaBefore,
      ...unchanged
    } = before;
    expect(after).toEqual(unchanged);
    expect(auditBefore.filter((row) => !audit.includes(row))).toEqual([]);
    const added = audit.filter((row) => !auditBefore.includes(row)).map((row) => (JSON.parse(row) as { action: string }).action);
    expect(new Set(added)).toEqual(new Set(added.length ? ["list_exported"] : []));
    expect(reports.length).toBeLessThanOrEqual(HOSTILE_VALUES.length);
  });

  it("hostile path segments answer 4xx", async () => {
    const paths = [
      "/dashboardHome/%27%20OR%20%271%27%3D%271",
      "/dashboardHome/%00",
      "/dashboardHome/%E0%A4%A",
      "/dashboardHome/container/..%2F..%2Fetc%2Fpasswd",
      "/formData/..%2F..%2Fetc%2Fpasswd?raw=true&profileId=P100",
      "/formData/%3Cscript%3E?raw=true&profileId=P100",
      "/demo%00/dataProtStat/1/de",
      "/%27%3B%20DROP%20TABLE%20users%3B--/dataProtStat/1/de",
      "/media/%2e%2e%2fpackage.json",
      "/engine/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "/recruiter/applicants/%27%20OR%201%3D1--",
      "/custom/%E2%80%AE/newsletter",
      "/" + "a".repeat(10_000),
    ];
    for (const path of paths) {
      for (const method of ["GET", "POST"]) {
        const reply = await api.call(method, path, { token: path.startsWith("/recruiter") ? recruiter : applicant, body: {} });
        expect(reply.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(reply.status, `${method} ${path}`).toBeLessThan(500);
        expect(reply.text).not.toContain("<script>alert");
      }
    }
  });

  it("SQL and HTML fragments in free-text fields are stored verbatim and touch nothing else", async () => {
    const clone = await api.clone("anna");
    const token = await api.login(clone.userName);
    const usersBefore = snapshot().users.length;
    const firstName = "Robert'); DROP TABLE users; --";
    const lastName = "<script>alert(1)</script> 💥 ő";
    expect((await api.post("/profile", { firstName, lastName }, { token })).status).toBe(200);
    expect((await api.get("/profile", { token })).body.profile).toMatchObject({ firstName, lastName });
    expect(
      (await api.post("/handleClientError", { errMessage: "' OR 1=1; --", userInfo: { html: "<img src=x onerror=alert(1)>" } }, { token }))
        .status,
    ).toBe(204);
    const after = snapshot();
    expect(after.users.length).toBe(usersBefore);
    expect(after.client_errors.some((row) => row.includes("' OR 1=1; --"))).toBe(true);
  });
});
