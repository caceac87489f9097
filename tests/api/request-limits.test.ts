import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { RequestLimitSettings } from "../../api/auth/request-limits";
import { startApi, type TestApi } from "./support/api";
import { currentStatement } from "./support/flows";

/**
 * Decision 103: resetPassword*, register, registerAnon and the newsletter sign-up are
 * limited per client address and per target (e-mail / user name) and answer 429 with Retry-After.
 * Clients are told apart by X-Forwarded-For (the test app trusts it, as the app does behind a proxy).
 */
const LIMITS: RequestLimitSettings = { clientMax: 3, clientWindowS: 600, targetMax: 2, targetWindowS: 3600, maxKeys: 100_000 };

const started: TestApi[] = [];
async function api(limits: Partial<RequestLimitSettings> = LIMITS, databasePath?: string): Promise<TestApi> {
  const instance = await startApi({ requestLimits: limits, trustProxy: true, ...(databasePath ? { databasePath } : {}) });
  started.push(instance);
  return instance;
}
afterEach(async () => {
  for (const instance of started.splice(0)) await instance.close();
});

const from = (client: string) => ({ headers: { "x-forwarded-for": client } });

function expectLimited(reply: { status: number; body: unknown; headers: Headers }, windowS: number) {
  expect(reply.status).toBe(429);
  expect(reply.body).toEqual({ status: "failed", error: "too_many_requests" });
  const retryAfter = Number(reply.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(windowS - 60);
  expect(retryAfter).toBeLessThanOrEqual(windowS);
}

describe("decision 103: request limits of the mail and registration calls", () => {
  it("per client: the fourth reset of one address within 10 minutes is refused, another address goes on, the window ends", async () => {
    const limited = await api();
    for (const name of ["one", "two", "three"]) {
      expect((await limited.post("/resetPasswordByUserName", { cstm: "demo", userName: name }, from("203.0.113.1"))).status).toBe(200);
    }
    // Both reset calls share the client's budget.
    const fourth = await limited.post("/resetPassword", { cstm: "demo", email: "four@example.com" }, from("203.0.113.1"));
    expectLimited(fourth, 600);
    expect((await limited.post("/resetPasswordByUserName", { cstm: "demo", userName: "five" }, from("203.0.113.2"))).status).toBe(200);

    limited.advance(601);
    expect((await limited.post("/resetPasswordByUserName", { cstm: "demo", userName: "six" }, from("203.0.113.1"))).status).toBe(200);
  });

  it("per target: a third reset mail for one account within the hour is refused from any address, and no mail is written", async () => {
    const limited = await api();
    const anna = await limited.clone("anna");
    const reset = (client: string, userName: string) => limited.post("/resetPasswordByUserName", { cstm: "demo", userName }, from(client));
    expect((await reset("198.51.100.1", anna.userName)).status).toBe(200);
    // Lower-cased: the case of the name is no way around the limit.
    expect((await reset("198.51.100.2", anna.userName.toUpperCase())).status).toBe(200);
    expectLimited(await reset("198.51.100.3", anna.userName), 3600);
    expect((await limited.get(`/dev/outbox?to=${anna.userName}`)).body).toHaveLength(2);
    // An unknown name counts the same (the 429 does not tell whether the account exists).
    for (let n = 0; n < 2; n++) expect((await reset("198.51.100.4", "nobody-here")).status).toBe(200);
    expectLimited(await reset("198.51.100.5", "nobody-here"), 3600);

    limited.advance(3601);
    expect((await reset("198.51.100.6", anna.userName)).status).toBe(200);
    expect((await limited.get(`/dev/outbox?to=${anna.userName}`)).body).toHaveLength(3);
  });

  it("register: per e-mail address and per client, before any password is hashed", async () => {
    const limited = await api();
    const statement = await currentStatement(limited);
    const register = (client: string, email: string) =>
      limited.post(
        "/register",
        { cstm: "demo", email, password: "Secret-Pass-1", firstName: "Nina", lastName: "Neu", language: "en_GB", ...statement },
        from(client),
      );
    expect((await register("192.0.2.1", "nina@example.com")).status).toBe(201);
    expect((await register("192.0.2.2", "NINA@example.com")).body.data).toBe("C12");
    expectLimited(await register("192.0.2.3", "nina@example.com"), 3600);

    expect((await register("192.0.2.9", "a@example.com")).status).toBe(201);
    expect((await register("192.0.2.9", "b@example.com")).status).toBe(201);
    expect((await register("192.0.2.9", "c@example.com")).status).toBe(201);
    expectLimited(await register("192.0.2.9", "d@example.com"), 600);
    // The refused registration created nothing.
    expect((await limited.post("/login", { cstm: "demo", userName: "d@example.com", password: "Secret-Pass-1" })).status).toBe(401);
  });

  it("registerAnon: per client; the newsletter sign-up: per e-mail address", async () => {
    const limited = await api();
    const statement = await currentStatement(limited);
    const anonymous = (client: string) =>
      limited.post("/registerAnon", { cstm: "demo", profileId: "P500", language: "en_GB", ...statement }, from(client));
    for (let n = 0; n < 3; n++) expect((await anonymous("192.0.2.20")).status).toBe(201);
    expectLimited(await anonymous("192.0.2.20"), 600);
    expect((await anonymous("192.0.2.21")).status).toBe(201);

    const signUp = (client: string, email: string) => limited.post("/custom/preview/newsletter", { email, consent: true }, from(client));
    expect((await signUp("192.0.2.30", "fan@example.com")).status).toBe(201);
    expect((await signUp("192.0.2.31", "Fan@Example.com")).status).toBe(200);
    expectLimited(await signUp("192.0.2.32", "fan@example.com"), 3600);
    expect((await signUp("192.0.2.32", "other@example.com")).status).toBe(201);
  });

  it("the counters survive a restart and their table never holds more rows than the bound", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "api-limits-"));
    const databasePath = path.join(dir, "api.db");
    try {
      const first = await api({ ...LIMITS, maxKeys: 40 }, databasePath);
      // 100 calls with distinct targets from distinct clients: 200 counters wanted, 40 kept.
      for (let n = 0; n < 100; n++) {
        expect((await first.post("/resetPasswordByUserName", { cstm: "demo", userName: `user-${n}` }, from(`10.0.${n}.1`))).status).toBe(
          200,
        );
      }
      for (let n = 0; n < 2; n++) {
        expect((await first.post("/resetPasswordByUserName", { cstm: "demo", userName: "kept" }, from("10.1.0.1"))).status).toBe(200);
      }
      await first.close();
      started.splice(started.indexOf(first), 1);

      const reader = new Database(databasePath, { readonly: true });
      const { rows } = reader.prepare("SELECT count(*) AS rows FROM request_limits").get() as { rows: number };
      reader.close();
      expect(rows).toBeLessThanOrEqual(40);
      expect(rows).toBeGreaterThan(0);

      const second = await api({ ...LIMITS, maxKeys: 40 }, databasePath);
      expectLimited(await second.post("/resetPasswordByUserName", { cstm: "demo", userName: "kept" }, from("10.1.0.2")), 3600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

afterAll(async () => {
  for (const instance of started.splice(0)) await instance.close();
});
