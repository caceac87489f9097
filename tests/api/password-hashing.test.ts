import { randomBytes, scryptSync } from "node:crypto";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordWork } from "../../api/auth/passwords";
import { startApi, type TestApi } from "./support/api";

/** Decision 092: scrypt at N=2^17, r=8; weaker hashes are replaced at login; two derivations at a time. */
let api: TestApi;
beforeAll(async () => {
  api = await startApi({ scryptLog2N: 17 });
});
afterAll(() => api.close());

/** A hash as the API stored it before (N=2^14), made here with node:crypto directly. */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFC"), salt, 32, { N: 16384, r: 8, p: 1 });
  return ["scrypt", 16384, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function storedHashes(userName: string): { current: string; history: string[] } {
  const db = new Database(api.databasePath, { readonly: true });
  try {
    const { id, password_hash } = db.prepare("SELECT id, password_hash FROM users WHERE user_name = ?").get(userName) as {
      id: number;
      password_hash: string;
    };
    const history = (db.prepare("SELECT password_hash FROM password_history WHERE user_id = ?").all(id) as { password_hash: string }[]).map(
      (row) => row.password_hash,
    );
    return { current: password_hash, history };
  } finally {
    db.close();
  }
}

function setHash(userName: string, hash: string): void {
  const db = new Database(api.databasePath);
  try {
    const { id } = db.prepare("SELECT id FROM users WHERE user_name = ?").get(userName) as { id: number };
    db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(hash, id);
    db.prepare("UPDATE password_history SET password_hash = ? WHERE user_id = ?").run(hash, id);
  } finally {
    db.close();
  }
}

describe("decision 092: password hashes", () => {
  it("a new password is stored with N=2^17, r=8, p=1", async () => {
    const ben = await api.clone("ben");
    const token = await api.login(ben.userName);
    expect((await api.post("/changeUserPassword", { oldPassword: ben.password, newPassword: "Ben-Stark-2027" }, { token })).status).toBe(
      200,
    );
    expect(storedHashes(ben.userName).current).toMatch(/^scrypt\$131072\$8\$1\$/);
  }, 120_000);

  it("an old N=2^14 hash still signs in and is replaced by a 2^17 one (history too); the password stays the same", async () => {
    const anna = await api.clone("anna");
    setHash(anna.userName, legacyHash(anna.password!));
    expect(storedHashes(anna.userName).current).toMatch(/^scrypt\$16384\$/);
    expect((await api.post("/login", { cstm: "demo", userName: anna.userName, password: "Wrong-Pass-1" })).status).toBe(401);
    expect(storedHashes(anna.userName).current).toMatch(/^scrypt\$16384\$/);

    await api.login(anna.userName);
    const after = storedHashes(anna.userName);
    expect(after.current).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(after.history).toEqual([after.current]);
    await api.login(anna.userName);
    expect(storedHashes(anna.userName).current).toBe(after.current);
  }, 120_000);

  it("a burst of logins runs at most two derivations at once; the rest wait and all are answered", async () => {
    const users = await Promise.all(["anna", "ben", "dora", "emil", "anna", "ben"].map((template) => api.clone(template)));
    const peakBefore = passwordWork.stats.peak;
    let sawWaiting = 0;
    const sampler = setInterval(() => (sawWaiting = Math.max(sawWaiting, passwordWork.stats.waiting)), 5);
    try {
      const replies = await Promise.all(
        users.map((user, index) =>
          api.post("/login", { cstm: "demo", userName: user.userName, password: index % 2 === 0 ? user.password : "Wrong-Pass-1" }),
        ),
      );
      expect(replies.map((reply) => reply.status)).toEqual([200, 401, 200, 401, 200, 401]);
    } finally {
      clearInterval(sampler);
    }
    expect(sawWaiting).toBeGreaterThan(0);
    expect(Math.max(peakBefore, passwordWork.stats.peak)).toBe(2);
    expect(passwordWork.stats).toMatchObject({ active: 0, waiting: 0 });
  }, 120_000);
});
