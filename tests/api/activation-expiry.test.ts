import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, SCHEMA_VERSION } from "../../api/db/migrations";
import { openDatabase } from "../../api/db/connection";
import { startApi, type TestApi } from "./support/api";

/** Decision 092: activation links expire after 7 days; an expired one is the catalogue's invalid link (C06). */
const DAY_S = 24 * 60 * 60;

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const invalidLink = { status: "failed", error: "invalid_hash", errorMsg: "C06" };

describe("R-CAT-01 activation links expire after 7 days (decision 092)", () => {
  it("a link of 6 days activates; one of 7 days answers 404 C06 everywhere it is used", async () => {
    const fresh = await api.clone("carla");
    const old = await api.clone("carla");
    const felix = await api.clone("felix");
    api.advance(6 * DAY_S);
    expect((await api.post("/accountActivation", { userIdHash: fresh.activationHash })).status).toBe(200);

    api.advance(DAY_S);
    const expired = await api.post("/accountActivation", { userIdHash: old.activationHash });
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual(invalidLink);
    expect((await api.post("/login", { cstm: "demo", userName: old.userName, password: old.password })).status).toBe(402);

    // felix (no password yet): the link can no longer set the first password either.
    expect((await api.post("/accountActivation", { userIdHash: felix.activationHash, password: "Felix-Neu-2027" })).body).toEqual(
      invalidLink,
    );
    expect((await api.post("/getPasswordRequirementsByUserHash", { userHash: felix.activationHash })).body).toEqual(invalidLink);
    expect((await api.post("/saveNewPassword", { userHash: felix.activationHash, password: "Felix-Neu-2027" })).body).toEqual(invalidLink);
  });

  it("an already activated account still answers 403 already_activated for its old link (R-API-03)", async () => {
    const carla = await api.clone("carla");
    expect((await api.post("/accountActivation", { userIdHash: carla.activationHash })).status).toBe(200);
    api.advance(8 * DAY_S);
    expect((await api.post("/accountActivation", { userIdHash: carla.activationHash })).body.error).toBe("already_activated");
  });
});

describe("R-CAT-01 activation links written before they expired (decision 092)", () => {
  it("get 7 days from the migration on", async () => {
    const file = `${api.databasePath}.legacy.db`;
    const db = openDatabase(file);
    try {
      // A database as it was before migration 4: a link without expiry.
      expect(migrate(db, 3)).toBe(3);
      db.prepare(
        "INSERT INTO users (user_base, user_name, role, language, activated, created_at) VALUES ('demo', 'old', 'applicant', 'de', 0, '2020-01-01')",
      ).run();
      db.prepare(
        "INSERT INTO user_hashes (hash_sha256, user_id, purpose, cstm, expires_at) VALUES ('h', 1, 'activation', 'demo', NULL)",
      ).run();
      const before = Math.floor(Date.now() / 1000);
      // Migration 4 and every later one.
      expect(migrate(db)).toBe(SCHEMA_VERSION - 3);
      const { expires_at } = db.prepare("SELECT expires_at FROM user_hashes WHERE hash_sha256 = 'h'").get() as { expires_at: number };
      expect(expires_at).toBeGreaterThanOrEqual(before + 7 * DAY_S);
      expect(expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 7 * DAY_S);
    } finally {
      db.close();
    }
  });
});
