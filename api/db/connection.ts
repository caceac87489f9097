import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export type Db = Database.Database;

/** Opens (creating when needed) the API database: WAL for concurrent readers, foreign keys enforced. */
export function openDatabase(databasePath: string): Db {
  if (databasePath !== ":memory:") mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
  const db = new Database(databasePath);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  return db;
}

/** Removes the database file and its WAL companions (npm run api:reset). */
export function removeDatabaseFiles(databasePath: string): void {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(databasePath + suffix, { force: true });
}

const prepared = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, compiled once per connection: the hot read paths run on every request. */
export function statement(db: Db, sql: string): Database.Statement {
  let cache = prepared.get(db);
  if (!cache) {
    cache = new Map();
    prepared.set(db, cache);
  }
  let compiled = cache.get(sql);
  if (!compiled) {
    compiled = db.prepare(sql);
    cache.set(sql, compiled);
  }
  return compiled;
}
