import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/connection";
import { SCHEMA_VERSION } from "../../api/db/migrations";
import { BULK_RECRUITERS, DEMO_BULK_COUNT } from "../../api/demo/bulk";
import { DEMO_USERS } from "../../api/demo/users";
import { startApi } from "./support/api";

/** The named demo users, and the generated recruiters and applicants of the recruiter's list (docs/decisions/143). */
const DEMO_ACCOUNTS = DEMO_USERS.length + BULK_RECRUITERS.length + DEMO_BULK_COUNT;

const dir = mkdtempSync(path.join(tmpdir(), "api-seed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TABLES = [
  "customers",
  "profiles",
  "containers",
  "profile_modules",
  "components",
  "forms",
  "report_bindings",
  "users",
  "user_profiles",
  "module_progress",
  "engine_sessions",
  "engine_answers",
  "password_history",
  "user_hashes",
  "mail_outbox",
  "data_protection_statements",
];

function counts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(TABLES.map((table) => [table, (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n]));
  } finally {
    db.close();
  }
}

describe("database, migrations and seeding", () => {
  it("a new database gets the schema version, WAL and foreign keys", () => {
    const db = openDatabase(path.join(dir, "fresh.db"));
    try {
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    } finally {
      db.close();
    }
  });

  it("opening the same file twice neither duplicates nor resets data", async () => {
    const databasePath = path.join(dir, "twice.db");
    const first = await startApi({ databasePath, scryptLog2N: 17 });
    const token = await first.login("anna");
    const changed = await first.post("/profile", { firstName: "Annabel" }, { token });
    expect(changed.status).toBe(200);
    await first.close();
    const before = counts(databasePath);
    expect(before.users).toBe(DEMO_ACCOUNTS);
    expect(before.customers).toBe(5);

    const second = await startApi({ databasePath, scryptLog2N: 17 });
    try {
      expect(counts(databasePath)).toEqual(before);
      const again = await second.login("anna");
      expect((await second.get("/profile", { token: again })).body.profile.firstName).toBe("Annabel");
    } finally {
      await second.close();
    }
    const db = new Database(databasePath, { readonly: true });
    expect(db.pragma("user_version", { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it("a demo database made before vera (decision 170) gets her at its next start, once", async () => {
    const databasePath = path.join(dir, "before-vera.db");
    await (await startApi({ databasePath })).close();
    const db = new Database(databasePath);
    db.prepare("DELETE FROM users WHERE user_name = 'vera'").run();
    db.prepare("DELETE FROM seed_runs WHERE name = 'demo-users-vera-v1'").run();
    db.close();
    expect(counts(databasePath).users).toBe(DEMO_ACCOUNTS - 1);

    for (let start = 0; start < 2; start++) {
      const api = await startApi({ databasePath });
      try {
        const reply = await api.post("/recruiter/login", { cstm: "demo-vor-ort", userName: "vera", password: "Vera-Recruiter-2027" });
        expect(reply.status).toBe(200);
      } finally {
        await api.close();
      }
      expect(counts(databasePath).users).toBe(DEMO_ACCOUNTS);
    }
  });

  it("passwords are stored as scrypt hashes, never in clear", async () => {
    const databasePath = path.join(dir, "hashes.db");
    const api = await startApi({ databasePath, scryptLog2N: 17 });
    await api.close();
    const db = new Database(databasePath, { readonly: true });
    const rows = db.prepare("SELECT user_name, password_hash FROM users").all() as { user_name: string; password_hash: string | null }[];
    db.close();
    for (const row of rows) {
      if (row.user_name === "felix") expect(row.password_hash).toBeNull();
      else expect(row.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(row.password_hash ?? "").not.toContain("Demo-2027");
    }
  });

  it("npm run api:reset recreates the database with the demo data", async () => {
    const databasePath = path.join(dir, "reset.db");
    const api = await startApi({ databasePath, scryptLog2N: 17 });
    await api.clone("anna");
    await api.close();
    expect(counts(databasePath).users).toBe(DEMO_ACCOUNTS + 1);
    const output = execFileSync(process.execPath, ["--import", "tsx", "scripts/api-reset.ts"], {
      env: { PATH: process.env.PATH, API_DATABASE_PATH: databasePath } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
    });
    expect(output).toContain(`${DEMO_ACCOUNTS} users`);
    expect(counts(databasePath).users).toBe(DEMO_ACCOUNTS);
  });
});
