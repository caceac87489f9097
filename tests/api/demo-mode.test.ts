import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { APP_BASE_URL, startApi, type TestApi } from "./support/api";

/**
 * docs/decisions/090: demo users and /api/dev/* only in demo mode; a database keeps
 * the mode it was created in.
 */
const dir = mkdtempSync(path.join(tmpdir(), "api-demo-mode-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DEMO_LOGINS = [
  ["anna", "Anna-Demo-2027"],
  ["ben", "Ben-Demo-2027"],
  ["dora", "Dora-Demo-2027"],
  ["greta", "Greta-Demo-2027"],
] as const;

describe("decision 090: without demo mode", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ demoMode: false });
  });
  afterAll(() => api.close());

  it("no demo account exists: the demo passwords and rita's recruiter login are refused", async () => {
    for (const [userName, password] of DEMO_LOGINS) {
      const cstm = userName === "greta" ? "azubi" : "demo";
      const reply = await api.post("/login", { cstm, userName, password });
      expect(reply.status, userName).toBe(401);
      expect(reply.body).toEqual({ status: "failed", error: "invalid_credentials" });
    }
    const rita = await api.post("/recruiter/login", { cstm: "demo", userName: "rita", password: "Rita-Recruiter-2027" });
    expect(rita.status).toBe(401);
    expect((await api.post("/accountActivation", { userIdHash: "act-felix-0001" })).status).toBe(404);
  });

  it("/api/dev/* answers exactly like an unknown path (404 not_found), whatever the method", async () => {
    const unknown = await api.get("/no-such-call");
    expect(unknown.status).toBe(404);
    for (const [method, apiPath, body] of [
      ["GET", "/dev/outbox", undefined],
      ["GET", "/dev/outbox?to=anna", undefined],
      ["POST", "/dev/clone-user", { template: "anna" }],
      ["POST", "/dev/publish-statement", { cstm: "demo" }],
      ["GET", "/dev", undefined],
    ] as const) {
      const reply = await api.call(method, apiPath, { body });
      expect(reply.status, apiPath).toBe(404);
      expect(reply.text, apiPath).toBe(unknown.text);
    }
  });

  it("the catalogue is there: a newcomer registers and signs in", async () => {
    expect((await api.get("/getConfiguration?cstm=demo")).status).toBe(200);
    const registered = await api.post("/register", {
      cstm: "demo",
      email: "new.person@example.com",
      password: "Secret-Pass-1",
      firstName: "New",
      lastName: "Person",
      language: "en_GB",
      dataProtectionStatementId: 1,
      dataProtectionStatementRevision: 3,
    });
    expect(registered.status).toBe(201);
    expect(await api.login("new.person@example.com", { password: "Secret-Pass-1" })).toEqual(expect.any(String));
  });

  it("a reset mail's row in the outbox table keeps no live link: the hash is only in the mail sent", async () => {
    const reply = await api.post("/resetPasswordByUserName", { cstm: "demo", userName: "new.person@example.com", language: "en_GB" });
    expect(reply.status).toBe(200);
    const db = new Database(api.databasePath, { readonly: true });
    try {
      const rows = db.prepare("SELECT link, text FROM mail_outbox WHERE kind = 'password-reset'").all() as { link: string; text: string }[];
      expect(rows).toHaveLength(1);
      expect(rows[0].link).toBe(`${APP_BASE_URL}/demo/reset-password/[redacted]/en_GB`);
      expect(rows[0].text).toContain(rows[0].link);
      expect(rows[0].text.match(/reset-password\/[^/\s]+/g)).toEqual(["reset-password/[redacted]"]);
      expect(db.prepare("SELECT COUNT(*) AS n FROM user_hashes WHERE purpose = 'password-reset'").get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });
});

describe("decision 090: in demo mode", () => {
  it("the demo users and the outbox are there", async () => {
    const api = await startApi({ demoMode: true });
    try {
      expect(await api.login("anna")).toEqual(expect.any(String));
      expect((await api.get("/dev/outbox")).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});

describe("decision 090: a database keeps the mode it was created in", () => {
  it("a demo database does not start without demo mode, and a live one not with it", async () => {
    const demoPath = path.join(dir, "demo.db");
    await (await startApi({ databasePath: demoPath, demoMode: true })).close();
    await expect(startApi({ databasePath: demoPath, demoMode: false })).rejects.toThrow(
      /holds the demo accounts .*DEMO_MODE=true.*API_DATABASE_PATH/,
    );
    // Still a demo database afterwards: demo mode starts it again.
    await (await startApi({ databasePath: demoPath, demoMode: true })).close();

    const livePath = path.join(dir, "live.db");
    await (await startApi({ databasePath: livePath, demoMode: false })).close();
    await expect(startApi({ databasePath: livePath, demoMode: true })).rejects.toThrow(/created without demo mode.*API_DATABASE_PATH/);
    await (await startApi({ databasePath: livePath, demoMode: false })).close();
  });
});
