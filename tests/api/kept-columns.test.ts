import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../api/db/connection";
import { migrate, SCHEMA_VERSION } from "../../api/db/migrations";
import { seedDatabase } from "../../api/db/seed";
import { FIND_USER_BY_EMAIL_SQL, findUserByEmail } from "../../api/store/users";

/**
 * R-SCR-14 (docs/decisions/155): columns the embedded API's triggers keep so the recruiter's figures are fast at 10,000
 * applicants (migration 8: an assignment's started flag and its last finished module; migration 11: the
 * norm values with their filter columns). They must always
 * equal what the rows say, after every kind of change and on a database file of an older release.
 * And the applicants' e-mail lookup key with its index (migration 9).
 */
const dir = mkdtempSync(path.join(tmpdir(), "kept-columns-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const seed = (db: Db) => seedDatabase(db, { demoMode: true, appBaseUrl: () => "http://app.test" });

/** Assignments whose kept columns differ from what their rows say (empty when all agree). */
function drift(db: Db) {
  return db
    .prepare(
      `SELECT p.user_id, p.profile_id, p.started, p.last_finished_at,
         EXISTS (SELECT 1 FROM engine_sessions es JOIN profile_modules pm ON pm.prcm_id = es.prcm_id JOIN containers c ON c.pcc_id = pm.pcc_id
                 WHERE es.user_id = p.user_id AND c.profile_id = p.profile_id AND es.started_at IS NOT NULL) AS want_started,
         (SELECT MAX(mp.finished_at) FROM module_progress mp JOIN profile_modules pm ON pm.prcm_id = mp.prcm_id JOIN containers c ON c.pcc_id = pm.pcc_id
          WHERE mp.user_id = p.user_id AND c.profile_id = p.profile_id) AS want_last_finished_at
       FROM user_profiles p
       WHERE p.started IS NOT want_started OR p.last_finished_at IS NOT want_last_finished_at`,
    )
    .all();
}

/**
 * stats_norms rows that differ from the completed sessions with a norm value (migration 11), both ways;
 * filed under the applicant's customer since migration 12.
 */
function normDrift(db: Db) {
  const want = `SELECT es.user_id, es.prcm_id, u.cstm, u.created_at, c.profile_id, pm.comp_id, es.norm_value
    FROM engine_sessions es JOIN users u ON u.id = es.user_id JOIN profile_modules pm ON pm.prcm_id = es.prcm_id
    JOIN containers c ON c.pcc_id = pm.pcc_id WHERE es.completed_at IS NOT NULL AND es.norm_value IS NOT NULL`;
  const have = "SELECT user_id, prcm_id, cstm, created_at, profile_id, comp_id, norm_value FROM stats_norms";
  return [...db.prepare(`${want} EXCEPT ${have}`).all(), ...db.prepare(`${have} EXCEPT ${want}`).all()];
}

const count = (db: Db, sql: string) => (db.prepare(sql).get() as { n: number }).n;

describe("R-SCR-14 the figures' kept columns (migrations 8 and 11, decision 155)", () => {
  it("match the rows after seeding and after each kind of change: a finished module, a removed one (retest), a session started, removed, a new assignment", async () => {
    const db = openDatabase(path.join(dir, "changes.db"));
    try {
      migrate(db);
      await seed(db);
      expect(count(db, "SELECT COUNT(*) AS n FROM user_profiles WHERE started = 1")).toBeGreaterThan(10);
      expect(count(db, "SELECT COUNT(*) AS n FROM user_profiles WHERE last_finished_at IS NOT NULL")).toBeGreaterThan(10);
      expect(count(db, "SELECT COUNT(*) AS n FROM stats_norms")).toBeGreaterThan(10);
      expect(drift(db)).toEqual([]);
      expect(normDrift(db)).toEqual([]);

      // An assignment with finished modules: its latest one goes (a retest), then comes back later.
      const latest = db
        .prepare(
          `SELECT mp.user_id, mp.prcm_id, mp.finished_at FROM module_progress mp
           JOIN user_profiles p ON p.user_id = mp.user_id JOIN profile_modules pm ON pm.prcm_id = mp.prcm_id
           JOIN containers c ON c.pcc_id = pm.pcc_id AND c.profile_id = p.profile_id
           WHERE p.finished_modules >= 2 ORDER BY mp.finished_at DESC LIMIT 1`,
        )
        .get() as { user_id: number; prcm_id: number; finished_at: string };
      db.prepare("DELETE FROM module_progress WHERE user_id = ? AND prcm_id = ?").run(latest.user_id, latest.prcm_id);
      expect(drift(db)).toEqual([]);
      db.prepare("INSERT INTO module_progress (user_id, prcm_id, finished_at) VALUES (?, ?, '2099-01-01T00:00:00.000Z')").run(
        latest.user_id,
        latest.prcm_id,
      );
      expect(drift(db)).toEqual([]);
      db.prepare("UPDATE module_progress SET finished_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ? AND prcm_id = ?").run(
        latest.user_id,
        latest.prcm_id,
      );
      expect(drift(db)).toEqual([]);

      // Sessions: every started one of a user loses its start, then goes, then a new one starts.
      const session = db.prepare("SELECT id, user_id, prcm_id FROM engine_sessions WHERE started_at IS NOT NULL LIMIT 1").get() as {
        id: string;
        user_id: number;
        prcm_id: number;
      };
      db.prepare("UPDATE engine_sessions SET started_at = NULL WHERE user_id = ?").run(session.user_id);
      expect(drift(db)).toEqual([]);
      db.prepare("UPDATE engine_sessions SET norm_value = 9 WHERE user_id = ? AND norm_value IS NOT NULL").run(session.user_id);
      expect(normDrift(db)).toEqual([]);
      db.prepare("DELETE FROM engine_sessions WHERE user_id = ?").run(session.user_id);
      expect(drift(db)).toEqual([]);
      expect(normDrift(db)).toEqual([]);
      db.prepare(
        `INSERT INTO engine_sessions (id, key_sha256, user_id, prcm_id, return_url, language, created_at, started_at)
         VALUES ('kept-test', 'kept-test', ?, ?, '/', 'de', '2026-01-01', '2026-01-01T00:00:00.000Z')`,
      ).run(session.user_id, session.prcm_id);
      expect(drift(db)).toEqual([]);
      db.prepare("UPDATE engine_sessions SET completed_at = '2026-01-02T00:00:00.000Z', norm_value = 4 WHERE id = 'kept-test'").run();
      expect(count(db, `SELECT COUNT(*) AS n FROM stats_norms WHERE user_id = ${session.user_id} AND norm_value = 4`)).toBe(1);
      expect(normDrift(db)).toEqual([]);

      // The applicant moved to the other customer of the user base (docs/decisions/170): the norm rows follow;
      // an applicant without a customer of its own user base is refused.
      db.prepare("UPDATE users SET cstm = 'demo-vor-ort' WHERE id = ?").run(session.user_id);
      expect(count(db, `SELECT COUNT(*) AS n FROM stats_norms WHERE user_id = ${session.user_id} AND cstm = 'demo-vor-ort'`)).toBe(1);
      expect(normDrift(db)).toEqual([]);
      expect(() => db.prepare("UPDATE users SET cstm = 'azubi' WHERE id = ?").run(session.user_id)).toThrow(/belongs to a customer/);
      expect(() =>
        db
          .prepare(
            "INSERT INTO users (user_base, user_name, role, language, activated, created_at) VALUES ('demo', 'x', 'applicant', 'de', 1, '')",
          )
          .run(),
      ).toThrow(/belongs to a customer/);

      // A new assignment of a profile the user already has progress in starts with it.
      const assignment = db.prepare("SELECT user_id, profile_id FROM user_profiles WHERE last_finished_at IS NOT NULL LIMIT 1").get() as {
        user_id: number;
        profile_id: string;
      };
      db.prepare("DELETE FROM user_profiles WHERE user_id = ? AND profile_id = ?").run(assignment.user_id, assignment.profile_id);
      db.prepare("INSERT INTO user_profiles (user_id, profile_id, is_open, assigned_at) VALUES (?, ?, 1, '2026-01-01')").run(
        assignment.user_id,
        assignment.profile_id,
      );
      expect(
        db
          .prepare("SELECT last_finished_at FROM user_profiles WHERE user_id = ? AND profile_id = ?")
          .get(assignment.user_id, assignment.profile_id),
      ).not.toEqual({ last_finished_at: null });
      expect(drift(db)).toEqual([]);
    } finally {
      db.close();
    }
  });

  it("are filled in on a database file an older release wrote (schema 7)", async () => {
    const db = openDatabase(path.join(dir, "legacy.db"));
    try {
      expect(migrate(db, 7)).toBe(7);
      // Today's seed writes the applicant's customer (migration 12); an older release had no such column.
      db.exec("ALTER TABLE users ADD COLUMN cstm TEXT");
      await seed(db);
      db.exec("ALTER TABLE users DROP COLUMN cstm");
      // One generated applicant a recruiter created at demo-vor-ort (its audit entry is the evidence).
      const created = db.prepare("SELECT id, user_name FROM users WHERE role = 'applicant' AND user_name LIKE '%.%.%' LIMIT 1").get() as {
        id: number;
        user_name: string;
      };
      db.prepare(
        `INSERT INTO recruiter_audit (cstm, recruiter_user_name, applicant_id, applicant_user_name, action, changes_json, created_at)
         VALUES ('demo-vor-ort', 'rita', ?, ?, 'created', '{}', '2026-01-01')`,
      ).run(created.id, created.user_name);
      expect(migrate(db)).toBe(SCHEMA_VERSION - 7);
      // Migration 12 (docs/decisions/170): every applicant belongs to one customer of its user base.
      expect(
        db.prepare("SELECT role, cstm, COUNT(*) AS n FROM users WHERE id <> ? GROUP BY role, cstm ORDER BY role, cstm").all(created.id),
      ).toEqual([
        { role: "applicant", cstm: "azubi", n: 1 },
        { role: "applicant", cstm: "demo", n: expect.any(Number) },
        { role: "recruiter", cstm: null, n: expect.any(Number) },
      ]);
      expect(db.prepare("SELECT cstm FROM users WHERE id = ?").get(created.id)).toEqual({ cstm: "demo-vor-ort" });
      expect(count(db, "SELECT COUNT(*) AS n FROM user_profiles WHERE started = 1")).toBeGreaterThan(10);
      expect(drift(db)).toEqual([]);
      expect(count(db, "SELECT COUNT(*) AS n FROM stats_norms")).toBeGreaterThan(10);
      expect(normDrift(db)).toEqual([]);
      // Migration 9 on the same file: the password reset finds applicants by their address.
      const { user_name, email } = db
        .prepare("SELECT user_name, email FROM users WHERE user_base = 'demo' AND role = 'applicant' AND email IS NOT NULL LIMIT 1")
        .get() as {
        user_name: string;
        email: string;
      };
      expect(findUserByEmail(db, "demo", email.toUpperCase())?.user_name).toBe(user_name);
    } finally {
      db.close();
    }
  });
});

describe("R-SCR-14 applicants found by e-mail address (migration 9, decision 133)", () => {
  it("through the applicants' address index, whatever the ASCII case and surrounding spaces; recruiters and other user bases are not found", async () => {
    const db = openDatabase(path.join(dir, "email.db"));
    try {
      migrate(db);
      await seed(db);
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${FIND_USER_BY_EMAIL_SQL}`).all("demo", "x") as { detail: string }[]).map(
        (row) => row.detail,
      );
      expect(plan).toEqual(["SEARCH users USING INDEX users_applicant_email_key (user_base=? AND email_key=?)"]);

      const anna = db.prepare("SELECT id, email FROM users WHERE user_base = 'demo' AND user_name = 'anna'").get() as {
        id: number;
        email: string;
      };
      expect(findUserByEmail(db, "demo", anna.email)?.id).toBe(anna.id);
      expect(findUserByEmail(db, "demo", ` ${anna.email.toUpperCase()} `)?.id).toBe(anna.id);
      expect(findUserByEmail(db, "other-base", anna.email)).toBeUndefined();
      // A changed address is found at once (the key is computed from the column, never stale).
      db.prepare("UPDATE users SET email = 'Anna.New@Example.com' WHERE id = ?").run(anna.id);
      expect(findUserByEmail(db, "demo", "anna.new@example.COM")?.id).toBe(anna.id);
      expect(findUserByEmail(db, "demo", anna.email)).toBeUndefined();

      const rita = db.prepare("SELECT user_base, email FROM users WHERE role = 'recruiter' AND email IS NOT NULL LIMIT 1").get() as {
        user_base: string;
        email: string;
      };
      expect(findUserByEmail(db, rita.user_base, rita.email)).toBeUndefined();
    } finally {
      db.close();
    }
  });
});
