import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recruiterToken as signIn, startApi, type TestApi } from "./support/api";

/**
 * R-SCR-14, test setup in the embedded API (docs/decisions/157): a customer's tests with their
 * containers and modules in order, the open-until default per customer and test (validated, audited)
 * and the assignments recruiters make using it.
 */
let api: TestApi;
let rita: string;
beforeAll(async () => {
  api = await startApi();
  rita = await recruiterToken("rita", "Rita-Recruiter-2027", "demo");
});
afterAll(() => api.close());

const recruiterToken = (userName: string, password: string, cstm: string) => signIn(api, userName, password, cstm);

const setup = (profileId: string, token = rita, cstm = "demo", query = "") =>
  api.get(`/${cstm}/recruiter/tests/${profileId}${query}`, { token });
const setDefault = (profileId: string, body: unknown, token = rita, cstm = "demo") =>
  api.post(`/${cstm}/recruiter/tests/${profileId}/open-until-default`, body, { token });
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("R-SCR-14 test setup (decision 157)", () => {
  it("lists the customer's tests; a test's containers and modules come in the catalogue's order, named in the language asked for", async () => {
    const tests = await api.get("/demo/recruiter/tests", { token: rita });
    expect(tests.status).toBe(200);
    expect(tests.body.tests.map((test: any) => test.prof_prof_id)).toEqual(expect.arrayContaining(["P100", "P200", "P500"]));
    const p100 = tests.body.tests.find((test: any) => test.prof_prof_id === "P100");
    expect(p100).toMatchObject({ openUntilDays: null });

    const reply = await setup("P100", rita, "demo", "?language=en_GB");
    expect(reply.status).toBe(200);
    const db = new Database(api.databasePath, { readonly: true });
    let rows: { pcc_id: number; prcm_id: number }[];
    try {
      rows = db
        .prepare(
          `SELECT c.pcc_id, pm.prcm_id FROM containers c JOIN profile_modules pm ON pm.pcc_id = c.pcc_id
           WHERE c.profile_id = 'P100' ORDER BY c.position, pm.position`,
        )
        .all() as { pcc_id: number; prcm_id: number }[];
    } finally {
      db.close();
    }
    expect(reply.body.containers.flatMap((container: any) => container.modules.map((module: any) => module.prcm_id))).toEqual(
      rows.map((row) => row.prcm_id),
    );
    expect(reply.body.containers.map((container: any) => container.pcc_id)).toEqual([...new Set(rows.map((row) => row.pcc_id))]);
    for (const container of reply.body.containers) {
      expect(container.modules.map((module: any) => module.stepNumber)).toEqual(
        container.modules.map((_: unknown, index: number) => index + 1),
      );
    }
    expect(p100.modules).toBe(rows.length);
    const german = await setup("P100", rita, "demo", "?language=de");
    expect(german.body.containers[0].modules[0].name).not.toBe(reply.body.containers[0].modules[0].name);
  });

  it("rita sets P500's open-until default of demo to 14 days: audited with before and after; the same value again changes nothing; demo-vor-ort keeps its own", async () => {
    const changed = await setDefault("P500", { openUntilDays: 14 });
    expect(changed.status).toBe(200);
    expect(changed.body.changes).toEqual({ openUntilDays: { before: null, after: 14 } });
    const after = await setup("P500");
    expect(after.body.openUntilDays).toBe(14);
    expect(after.body.audit).toHaveLength(1);
    expect(after.body.audit[0]).toMatchObject({
      recruiter: "rita",
      cstm: "demo",
      action: "open_until_default",
      changes: { profileId: "P500", openUntilDays: { before: null, after: 14 } },
    });
    expect((await setDefault("P500", { openUntilDays: 14 })).body.changes).toEqual({});
    expect((await setup("P500")).body.audit).toHaveLength(1);
    expect((await setup("P500", rita, "demo-vor-ort")).body.openUntilDays).toBeNull();

    // Back to "open without end": also audited.
    expect((await setDefault("P500", { openUntilDays: null })).body.changes).toEqual({ openUntilDays: { before: 14, after: null } });
    expect((await setup("P500")).body.audit.map((entry: any) => entry.changes.openUntilDays.after)).toEqual([null, 14]);
  });

  it("new assignments without a date of their own get it: an assigned profile, a created applicant; a date given wins", async () => {
    expect((await setDefault("P500", { openUntilDays: 30 })).status).toBe(200);
    const anna = await api.clone("anna");
    const assigned = await api.post(`/demo/recruiter/applicants/${anna.userName}/profiles`, { profileId: "P500" }, { token: rita });
    expect(assigned.status).toBe(201);
    expect(assigned.body.changes).toEqual({ profileId: "P500", openUntil: daysFromToday(30) });
    const detail = await api.get(`/demo/recruiter/applicants/${anna.userName}`, { token: rita });
    expect(detail.body.applicant.profiles.find((profile: any) => profile.prof_prof_id === "P500").openUntil).toBe(daysFromToday(30));

    const created = await api.post(
      "/demo/recruiter/applicants",
      { email: "setup-default@example.com", firstName: "Sina", lastName: "Setup", language: "de", profileId: "P500" },
      { token: rita },
    );
    expect(created.status).toBe(201);
    const createdDetail = await api.get(`/demo/recruiter/applicants/${created.body.userName}`, { token: rita });
    expect(createdDetail.body.applicant.profiles.find((profile: any) => profile.prof_prof_id === "P500").openUntil).toBe(daysFromToday(30));

    const ben = await api.clone("anna");
    const own = await api.post(
      `/demo/recruiter/applicants/${ben.userName}/profiles`,
      { profileId: "P500", openUntil: "2099-01-31" },
      { token: rita },
    );
    expect(own.body.changes).toEqual({ profileId: "P500", openUntil: "2099-01-31" });
    // Another test of the same customer has no default: open without end.
    const other = await api.post(`/demo/recruiter/applicants/${ben.userName}/profiles`, { profileId: "P200" }, { token: rita });
    expect(other.body.changes).toEqual({ profileId: "P200", openUntil: null });
  });

  it("refusals: days outside 1–365 or not whole numbers 400; an unknown test 404; an applicant token 403; another customer 403; no token 401", async () => {
    for (const body of [
      { openUntilDays: 0 },
      { openUntilDays: 366 },
      { openUntilDays: 1.5 },
      { openUntilDays: "14" },
      {},
      { openUntilDays: 14, x: 1 },
    ]) {
      const reply = await setDefault("P100", body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error).toBe("invalid_body");
    }
    expect((await setup("P100")).body.openUntilDays).toBeNull();
    expect((await setup("P999")).status).toBe(404);
    expect((await setDefault("P999", { openUntilDays: 7 })).body.error).toBe("unknown_profile");
    const anna = await api.login("anna");
    expect((await setDefault("P100", { openUntilDays: 7 }, anna)).body.error).toBe("wrong_token_kind");
    expect((await setup("P100", anna)).body.error).toBe("wrong_token_kind");
    const rolf = await recruiterToken("rolf", "Rolf-Recruiter-2027", "azubi");
    expect((await setDefault("P100", { openUntilDays: 7 }, rolf)).body.error).toBe("customer_not_served");
    expect((await api.get("/demo/recruiter/tests")).status).toBe(401);
    expect((await setup("P100")).body.audit).toEqual([]);
  });
});
