import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectedStats } from "../support/recruiter-stats";
import { recruiterToken, startApi, type TestApi } from "./support/api";

/**
 * R-SCR-14, the embedded API's progress and summary figures (GET /{cstm}/recruiter/stats,
 * docs/decisions/155). The expected figures are worked out here from the database's rows in
 * JavaScript, independently of the API's SQL.
 */
let api: TestApi;
let rita: string;
beforeAll(async () => {
  api = await startApi();
  rita = await recruiterToken(api, "rita", "Rita-Recruiter-2027", "demo");
});
afterAll(() => api.close());

const stats = (query = "", token = rita, cstm = "demo") => api.get(`/${cstm}/recruiter/stats${query ? `?${query}` : ""}`, { token });

describe("R-SCR-14 progress and summary figures of the embedded API (decision 155)", () => {
  it("per test (P100): counts by state, completion rate, median time to complete and each scale's norm values match the rows", async () => {
    const reply = await stats("profile=P100");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("server-timing")).toMatch(/^stats;dur=\d+(\.\d+)?, stats-states;dur=/);
    const want = expectedStats(api.databasePath, { profile: "P100" });
    expect(want.total).toBeGreaterThan(100);
    expect(reply.body.total).toBe(want.total);
    expect(reply.body.states).toEqual(want.states);
    expect(reply.body.completionRate).toBe(Math.round((want.states.completed / want.total) * 1000) / 10);
    expect(want.median).not.toBeNull();
    expect(Math.abs(reply.body.medianCompletionSeconds - want.median!)).toBeLessThanOrEqual(1);
    expect(reply.body.profiles.map((profile: any) => profile.prof_prof_id)).toEqual(["P100"]);
    expect(reply.body.scales.length).toBeGreaterThan(0);
    for (const scale of reply.body.scales) {
      const values = want.norms.get(scale.comp_comp_id) ?? [];
      expect(scale.count).toBe(values.length);
      expect(scale.distribution.map((bar: any) => bar.normValue)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (const bar of scale.distribution) expect(bar.count).toBe(values.filter((value) => value === bar.normValue).length);
    }
    expect(reply.body.scales.some((scale: any) => scale.count > 0)).toBe(true);
  });

  it("per customer: every profile of demo with its own figures, the totals their sum; a registration date range narrows them", async () => {
    const reply = await stats();
    expect(reply.status).toBe(200);
    const want = expectedStats(api.databasePath, {});
    expect(reply.body.total).toBe(want.total);
    expect(reply.body.states).toEqual(want.states);
    expect(reply.body.profiles.map((profile: any) => profile.prof_prof_id)).toEqual(
      reply.body.filterOptions.profiles.map((profile: any) => profile.prof_prof_id),
    );
    expect(reply.body.profiles.reduce((sum: number, profile: any) => sum + profile.total, 0)).toBe(want.total);
    const p100 = reply.body.profiles.find((profile: any) => profile.prof_prof_id === "P100");
    expect(p100.states).toEqual(expectedStats(api.databasePath, { profile: "P100" }).states);

    const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const ranged = await stats(`registeredFrom=${from}&registeredTo=${to}&profile=P100`);
    expect(ranged.status).toBe(200);
    const wantRanged = expectedStats(api.databasePath, { profile: "P100", from, to });
    expect(wantRanged.total).toBeGreaterThan(0);
    expect(wantRanged.total).toBeLessThan(want.total);
    expect(ranged.body.total).toBe(wantRanged.total);
    expect(ranged.body.states).toEqual(wantRanged.states);
  });

  it("names are in the language asked for (the customer's), else the recruiter's", async () => {
    const german = await stats("profile=P100&language=de");
    const english = await stats("profile=P100&language=en_GB");
    expect(german.body.scales[0].comp_comp_id).toBe(english.body.scales[0].comp_comp_id);
    expect(german.body.scales.map((scale: any) => scale.name)).not.toEqual(english.body.scales.map((scale: any) => scale.name));
  });

  it("refusals: an unknown profile has no figures (zeros, no rate); bad filters 400; applicant token 403; another customer 403; no token 401", async () => {
    const unknown = await stats("profile=P999");
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ total: 0, completionRate: null, medianCompletionSeconds: null, profiles: [], scales: [] });
    for (const query of ["registeredFrom=2026-02-30", "profile=a%20b", "sort=name", "registeredTo=yesterday"]) {
      const reply = await stats(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error).toBe("invalid_query");
    }
    const anna = await api.login("anna");
    expect((await stats("", anna)).body.error).toBe("wrong_token_kind");
    expect((await stats("", rita, "azubi")).status).toBe(403);
    const rolf = await recruiterToken(api, "rolf", "Rolf-Recruiter-2027", "azubi");
    expect((await stats("", rolf, "demo")).body.error).toBe("customer_not_served");
    expect((await api.get("/demo/recruiter/stats")).status).toBe(401);
  });
});
