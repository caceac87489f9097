import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recruiterToken, startApi, type TestApi } from "./support/api";

/**
 * The customer is the recruiter's boundary (docs/decisions/170): demo and demo-vor-ort share the user
 * base demo, and each applicant belongs to one of them. vera serves demo-vor-ort only: she reaches none
 * of demo's applicants, in any list, page, figure, export or action, and learns nothing about them
 * (their pages answer exactly like nobody's). rita serves both and still reaches every applicant she did.
 */
let api: TestApi;
let rita: string;
let vera: string;
beforeAll(async () => {
  api = await startApi();
  [rita, vera] = await Promise.all([
    recruiterToken(api, "rita", "Rita-Recruiter-2027", "demo"),
    recruiterToken(api, "vera", "Vera-Recruiter-2027", "demo-vor-ort"),
  ]);
});
afterAll(() => api.close());

const ON_SITE = "/demo-vor-ort/recruiter";
const page = (userName: string) => `${ON_SITE}/applicants/${encodeURIComponent(userName)}`;

/** Every user name of a customer's list, over all pages of 1000. */
async function listed(cstm: string, token: string, query = ""): Promise<string[]> {
  const names: string[] = [];
  for (let number = 1; ; number++) {
    const reply = await api.get(`/${cstm}/recruiter/applicants?pageSize=1000&page=${number}${query}`, { token });
    expect(reply.status).toBe(200);
    names.push(...reply.body.applicants.map((applicant: { userName: string }) => applicant.userName));
    if (number >= reply.body.pages) return names;
  }
}

/** The answer for nobody at all: what vera must get for an applicant of demo too. */
const unknownApplicant = { status: 404, body: { status: "failed", error: "unknown_user" } };
const answerOf = (reply: { status: number; body: unknown }) => ({ status: reply.status, body: reply.body });

describe("R-ROLE-01 the customer is the recruiter's boundary (docs/decisions/170)", () => {
  it("R-ROLE-01 vera's list at demo-vor-ort holds none of demo's applicants (nor its search), rita's at demo holds all of them; vera cannot open demo at all", async () => {
    const demo = await listed("demo", rita);
    expect(demo).toEqual(expect.arrayContaining(["anna", "ben", "carla", "dora", "emil", "felix"]));
    expect(demo.length).toBeGreaterThan(300);
    expect(await listed("demo-vor-ort", vera)).toEqual([]);
    expect(await listed("demo-vor-ort", vera, "&q=Schulz")).toEqual([]);
    expect(await listed("demo-vor-ort", rita)).toEqual([]);
    // The older list without a customer in the path: the token's customer's applicants only.
    const older = await api.get("/recruiter/applicants", { token: vera });
    expect(older.status).toBe(200);
    expect(older.body).toMatchObject({ cstm: "demo-vor-ort", applicants: [] });
    const refused = await api.get("/demo/recruiter/applicants", { token: vera });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("customer_not_served");
  });

  it("R-ROLE-01 vera's page, values and report of a demo applicant answer exactly like nobody's (404 unknown_user)", async () => {
    for (const userName of ["ben", "dora", "nobody-here"]) {
      expect(answerOf(await api.get(page(userName), { token: vera })), userName).toEqual(unknownApplicant);
      expect(answerOf(await api.get(`${page(userName)}/values`, { token: vera })), userName).toEqual(unknownApplicant);
      expect(answerOf(await api.get(`${page(userName)}/report?profileId=P100`, { token: vera })), userName).toEqual(unknownApplicant);
      expect(answerOf(await api.get(`/recruiter/applicants/${userName}`, { token: vera })), userName).toEqual(unknownApplicant);
    }
    // rita sees dora's page at demo, as before.
    expect((await api.get("/demo/recruiter/applicants/dora", { token: rita })).status).toBe(200);
  });

  it("R-SCR-14 vera's actions on a demo applicant, continue codes and mails included, are refused like nobody's and change nothing", async () => {
    const ben = await api.clone("ben");
    const before = (await api.get(`/demo/recruiter/applicants/${ben.userName}`, { token: rita })).body.applicant;
    const actions: [string, unknown][] = [
      ["details", { firstName: "Vera", lastName: "War hier", email: "vera.was.here@example.com", language: "de" }],
      ["status", { status: "hired" }],
      ["access", { loginEnabled: false }],
      ["owner", { owner: "vera" }],
      ["open-until", { profileId: "P100", openUntil: "2099-12-31" }],
      ["retest", { profileId: "P100", componentIds: [31] }],
      ["profiles", { profileId: "P500" }],
      ["forms/40", { profileId: "P100", values: {} }],
      ["email/preview", { template: "reminder" }],
      ["email", { template: "reminder" }],
      ["continue-code", { profileId: "P100" }],
    ];
    for (const [action, body] of actions) {
      const demoApplicant = await api.post(`${page(ben.userName)}/${action}`, body, { token: vera });
      const nobody = await api.post(`${page("nobody-here")}/${action}`, body, { token: vera });
      expect(answerOf(demoApplicant), action).toEqual(unknownApplicant);
      expect(answerOf(nobody), action).toEqual(unknownApplicant);
    }
    const after = (await api.get(`/demo/recruiter/applicants/${ben.userName}`, { token: rita })).body.applicant;
    expect(after).toEqual(before);
    expect(after.audit).toEqual([]);
    expect((await api.get(`/dev/outbox?to=${ben.userName}`)).body).toEqual([]);
  });

  it("R-SCR-14 vera's figures at demo-vor-ort count none of demo's assignments or norm values; rita's at demo count them", async () => {
    const onSite = await api.get(`${ON_SITE}/stats`, { token: vera });
    expect(onSite.status).toBe(200);
    expect(onSite.body.total).toBe(0);
    expect(onSite.body.profiles.every((profile: { total: number }) => profile.total === 0)).toBe(true);
    expect(onSite.body.scales.every((scale: { count: number }) => scale.count === 0)).toBe(true);
    const demo = await api.get("/demo/recruiter/stats", { token: rita });
    expect(demo.body.total).toBeGreaterThan(300);
    expect(demo.body.scales.some((scale: { count: number }) => scale.count > 0)).toBe(true);
  });

  it("R-SCR-14 an applicant vera creates belongs to demo-vor-ort: listed and counted there, for rita too, never at demo", async () => {
    const created = await api.post(
      `${ON_SITE}/applicants`,
      { email: "olga.ort@example.com", firstName: "Olga", lastName: "Ort", profileId: "P100", onSite: true },
      { token: vera },
    );
    expect(created.status).toBe(201);
    expect(await listed("demo-vor-ort", vera)).toEqual(["olga.ort@example.com"]);
    expect(await listed("demo-vor-ort", rita)).toEqual(["olga.ort@example.com"]);
    expect(await listed("demo", rita)).not.toContain("olga.ort@example.com");
    expect((await api.get(`${ON_SITE}/stats`, { token: vera })).body.total).toBe(1);
    expect(answerOf(await api.get("/demo/recruiter/applicants/olga.ort@example.com", { token: rita }))).toEqual(unknownApplicant);
    const own = await api.get(page("olga.ort@example.com"), { token: vera });
    expect(own.status).toBe(200);
    expect(own.body.applicant.audit).toEqual([expect.objectContaining({ action: "created", recruiter: "vera", cstm: "demo-vor-ort" })]);
  });
});
