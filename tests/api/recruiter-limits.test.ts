import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertBulkApplicants } from "../../api/demo/bulk";
import type { RecruiterLimitSettings } from "../../api/recruiter/limits";
import { recruiterToken, startApi, type Reply, type TestApi } from "./support/api";

/**
 * docs/decisions/171: the recruiter calls that take data out, send mail, issue continue codes, stage
 * or create people are limited per recruiter and per customer (mails also per applicant) in the
 * embedded API itself, since /api is public; the applicant list's export streams every row and is
 * audited with its filter and row count. Each limit test uses fresh clones of rita (their own
 * per-recruiter counts) and one customer count per kind.
 */
const LIMITS: RecruiterLimitSettings = {
  windowS: 600,
  limits: {
    "list-export": { perRecruiter: 2, perCustomer: 4 },
    "applicant-export": { perRecruiter: 2, perCustomer: 4 },
    "continue-code": { perRecruiter: 2, perCustomer: 4 },
    import: { perRecruiter: 2, perCustomer: 4 },
    create: { perRecruiter: 2, perCustomer: 4 },
    email: { perRecruiter: 3, perCustomer: 100, perApplicant: 2 },
    bulk: { perRecruiter: 2, perCustomer: 4 },
  },
};

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ recruiterLimits: LIMITS });
});
afterAll(() => api.close());
// Each test starts in windows of its own: the customer's counts are shared by all its recruiters.
beforeEach(() => api.advance(601));

/** A fresh recruiter of demo and demo-vor-ort (a clone of rita): counts of its own. */
async function newRecruiter(): Promise<{ token: string; id: number }> {
  const clone = await api.clone("rita");
  const token = await recruiterToken(api, clone.userName, clone.password!, "demo");
  return { token, id: userId(clone.userName) };
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(api.databasePath, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const userId = (userName: string) => query<{ id: number }>("SELECT id FROM users WHERE user_name = ?", userName)[0].id;
const auditCount = (recruiterId: number) =>
  query<{ n: number }>("SELECT COUNT(*) AS n FROM recruiter_audit WHERE recruiter_id = ?", recruiterId)[0].n;

function expectRefused(reply: Reply, what: string, windowS = 600) {
  expect(reply.status, what).toBe(429);
  expect(reply.body, what).toEqual({ status: "failed", error: "too_many_requests" });
  const retryAfter = Number(reply.headers.get("retry-after"));
  expect(retryAfter, what).toBeGreaterThan(windowS - 60);
  expect(retryAfter, what).toBeLessThanOrEqual(windowS);
}

/** NDJSON lines of an export answer. */
const lines = (reply: Reply) =>
  reply.text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("R-SCR-14 R-ROLE-01 recruiter calls are limited per recruiter and per customer (decision 171)", () => {
  it("R-SCR-14 R-ROLE-01 exports, report PDFs and values, continue codes, imports and creations: a recruiter's third call in the window is 429 and does nothing; another recruiter goes on until the customer's limit; another customer is untouched; the window ends", async () => {
    const ben = await api.clone("ben");
    const calls: Record<string, { call: (token: string, n: number) => Promise<Reply>; ok: number }> = {
      "list-export": { call: (token) => api.get("/demo/recruiter/exports/applicants?q=ben", { token }), ok: 200 },
      "applicant-export": {
        // The report and the values share one count.
        call: (token, n) =>
          n % 2 === 0
            ? api.get(`/demo/recruiter/applicants/${ben.userName}/report?profileId=P100`, { token })
            : api.get(`/demo/recruiter/applicants/${ben.userName}/values`, { token }),
        ok: 200,
      },
      "continue-code": {
        call: (token) => api.post(`/demo/recruiter/applicants/${ben.userName}/continue-code`, { profileId: "P100" }, { token }),
        ok: 201,
      },
      import: {
        call: (token, n) =>
          api.post(
            "/demo/recruiter/imports",
            { rows: [{ email: `limit.import.${n}@example.com`, firstName: "I", lastName: "L" }] },
            { token },
          ),
        ok: 201,
      },
      create: {
        call: (token, n) =>
          api.post("/demo/recruiter/applicants", { email: `limit.create.${n}@example.com`, firstName: "C", lastName: "L" }, { token }),
        ok: 201,
      },
    };
    let n = 0;
    const first = new Map<string, { token: string; id: number }>();
    const refusedAt = new Map<string, number>();
    for (const [kind, { call, ok }] of Object.entries(calls)) {
      const one = await newRecruiter();
      const two = await newRecruiter();
      first.set(kind, one);
      expect((await call(one.token, n++)).status, `${kind} 1`).toBe(ok);
      expect((await call(one.token, n++)).status, `${kind} 2`).toBe(ok);
      const audited = auditCount(one.id);
      refusedAt.set(kind, n);
      expectRefused(await call(one.token, n++), `${kind} 3 of one recruiter`);
      // Refused before any work: no audit entry, no applicant, no code.
      expect(auditCount(one.id), kind).toBe(audited);
      // The customer's count holds the three calls (refused ones count too): one more, then no more.
      expect((await call(two.token, n++)).status, `${kind} 1 of another recruiter`).toBe(ok);
      expectRefused(await call(two.token, n++), `${kind} 5 of the customer`);
    }
    const notCreated = `limit.create.${refusedAt.get("create")}@example.com`;
    expect((await api.get(`/demo/recruiter/applicants/${notCreated}`, { token: first.get("create")!.token })).status).toBe(404);
    // demo's count is demo's: a recruiter serving demo-vor-ort too exports there.
    expect((await api.get("/demo-vor-ort/recruiter/exports/applicants", { token: (await newRecruiter()).token })).status).toBe(200);
    // Another customer's recruiter is untouched.
    const rolf = await recruiterToken(api, "rolf", "Rolf-Recruiter-2027", "azubi");
    expect((await api.get("/azubi/recruiter/exports/applicants", { token: rolf })).status).toBe(200);

    api.advance(601);
    for (const [kind, { call, ok }] of Object.entries(calls)) {
      expect((await call(first.get(kind)!.token, n++)).status, `${kind} after the window`).toBe(ok);
    }
  });

  it("R-SCR-14 confirming and discarding an import count with staging it", async () => {
    const stage = async (token: string, email: string) =>
      (await api.post("/demo/recruiter/imports", { rows: [{ email, firstName: "S", lastName: "L" }] }, { token })).body.id as string;
    const one = await newRecruiter();
    const staged = await stage(one.token, "limit.stage.one@example.com");
    expect((await api.post(`/demo/recruiter/imports/${staged}/commit`, {}, { token: one.token })).status).toBe(200);
    expectRefused(await api.post(`/demo/recruiter/imports/${staged}/discard`, {}, { token: one.token }), "a third import call");
    const other = await newRecruiter();
    const staged2 = await stage(other.token, "limit.stage.two@example.com");
    expectRefused(
      await api.post(`/demo/recruiter/imports/${staged2}/discard`, {}, { token: other.token }),
      "the customer's fifth import call",
    );
    // Refused: the import is still there.
    expect((await api.get(`/demo/recruiter/imports/${staged2}`, { token: other.token })).body.state).toBe("staged");
  });

  it("R-SCR-14 a recruiter's mails also count per applicant: at most two an hour reach one applicant, from any recruiter", async () => {
    const [one, two] = [await newRecruiter(), await newRecruiter()];
    const [x, y, z] = [await api.clone("anna"), await api.clone("anna"), await api.clone("anna")];
    const mail = (token: string, userName: string) =>
      api.post(`/demo/recruiter/applicants/${userName}/email`, { template: "reminder" }, { token });
    expect((await mail(one.token, x.userName)).status).toBe(201);
    expect((await mail(one.token, x.userName)).status).toBe(201);
    expectRefused(await mail(two.token, x.userName), "a third mail to one applicant", 3600);
    expect((await mail(two.token, y.userName)).status).toBe(201);
    expect((await api.get(`/dev/outbox?to=${x.userName}`)).body).toHaveLength(2);
    // The recruiter's own count: a fourth mail, to an applicant who has none yet.
    expect((await mail(one.token, y.userName)).status).toBe(201);
    expectRefused(await mail(one.token, z.userName), "a fourth mail of one recruiter");
    expect((await api.get(`/dev/outbox?to=${z.userName}`)).body).toHaveLength(0);
  });
});

describe("R-SCR-14 the applicant list's export: every row, audited with its filter and row count (decision 171)", () => {
  it("R-SCR-14 the export streams every row of the filter over several pages, with a first and a last line; the audit entry holds the filter as set and the row count", async () => {
    const { token, id } = await newRecruiter();
    const all = await api.get("/demo/recruiter/applicants?pageSize=1", { token });
    const total = all.body.total as number;
    // Several pages of the export (500 rows each): generated applicants (api/demo/bulk.ts) straight
    // into the database.
    const missing = 1_000;
    const db = new Database(api.databasePath);
    try {
      db.transaction(() => insertBulkApplicants(db, { count: missing, now: new Date(), recruiters: false, seed: 171 }))();
    } finally {
      db.close();
    }
    const reply = await api.get("/demo/recruiter/exports/applicants?sort=registered&order=desc", { token });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    const answer = lines(reply);
    const expected = total + missing;
    expect(answer[0]).toEqual({ total: expected });
    expect(answer.at(-1)).toEqual({ end: true, rows: expected });
    const rows = answer.slice(1, -1);
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((row) => row.userName)).size).toBe(expected);
    expect(rows[0]).toMatchObject({ userName: expect.any(String), email: expect.anything(), profiles: expect.any(Array) });

    const filtered = await api.get("/demo/recruiter/exports/applicants?q=Sch%C3%BClz&status=new&activated=true", { token });
    const filteredRows = lines(filtered).slice(1, -1);
    const audit = query<{ action: string; changes_json: string; applicant_id: number | null; recruiter_id: number }>(
      "SELECT action, changes_json, applicant_id, recruiter_id FROM recruiter_audit WHERE recruiter_id = ? ORDER BY id",
      id,
    );
    expect(audit.map((entry) => ({ ...entry, changes: JSON.parse(entry.changes_json) as unknown, changes_json: undefined }))).toEqual([
      {
        action: "list_exported",
        applicant_id: null,
        recruiter_id: id,
        changes_json: undefined,
        changes: { via: "export", filter: { sort: "registered", order: "desc" }, rows: expected },
      },
      {
        action: "list_exported",
        applicant_id: null,
        recruiter_id: id,
        changes_json: undefined,
        changes: {
          via: "export",
          filter: { q: "Schülz", status: "new", activated: "true", sort: "name", order: "asc" },
          rows: filteredRows.length,
        },
      },
    ]);
    // The process log names the count, not the search.
    expect(api.logs()).toContain(`"action":"list_exported","via":"export","rows":${expected}`);
    expect(api.logs()).not.toContain("Schülz");
  });

  it("R-SCR-14 a list page of more than 100 rows is a bulk read: audited and counted like the export; a page of 100 is a view", async () => {
    const { token, id } = await newRecruiter();
    expect((await api.get("/demo/recruiter/applicants?pageSize=100", { token })).status).toBe(200);
    expect(auditCount(id)).toBe(0);
    const big = await api.get("/demo/recruiter/applicants?pageSize=500&page=2&owner=-", { token });
    expect(big.status).toBe(200);
    const [entry] = query<{ changes_json: string }>("SELECT changes_json FROM recruiter_audit WHERE recruiter_id = ?", id);
    expect(JSON.parse(entry.changes_json)).toEqual({
      via: "list-page",
      filter: { owner: "-", sort: "name", order: "asc" },
      page: 2,
      pageSize: 500,
      rows: big.body.applicants.length,
    });
    expect((await api.get("/demo/recruiter/exports/applicants", { token })).status).toBe(200);
    expectRefused(await api.get("/demo/recruiter/applicants?pageSize=1000", { token }), "a third bulk read");
    // The older unpaged list is one as well.
    const legacy = await newRecruiter();
    expect((await api.get("/recruiter/applicants", { token: legacy.token })).status).toBe(200);
    expect(
      JSON.parse(
        query<{ changes_json: string }>("SELECT changes_json FROM recruiter_audit WHERE recruiter_id = ?", legacy.id)[0].changes_json,
      ),
    ).toMatchObject({
      via: "unpaged-list",
      rows: expect.any(Number),
    });
  });

  it("R-SCR-14 R-ROLE-01 the export refuses what the list refuses: no token, an applicant's token, a customer not served, paging parameters", async () => {
    const { token } = await newRecruiter();
    expect((await api.get("/demo/recruiter/exports/applicants")).status).toBe(401);
    expect((await api.get("/demo/recruiter/exports/applicants", { token: await api.login("anna") })).status).toBe(403);
    expect((await api.get("/azubi/recruiter/exports/applicants", { token })).body.error).toBe("customer_not_served");
    expect((await api.get("/demo/recruiter/exports/applicants?page=2", { token })).body.error).toBe("invalid_query");
  });
});
