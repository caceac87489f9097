import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

/**
 * Where session records live. The cookie holds only a random 256-bit id; everything else is here.
 * Three backends share one contract: SQLite (default), Redis (several app instances), memory (unit tests).
 * Expiry is decided by the caller (sessionPolicy) and stored with the record, so every backend enforces it the same way.
 */
export interface SessionRecord {
  data: Record<string, unknown>;
  createdAt: number;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
}

export interface SessionRecordStore {
  readonly kind: "sqlite" | "redis" | "memory";
  insert(id: string, record: SessionRecord): Promise<void>;
  get(id: string): Promise<SessionRecord | null>;
  put(id: string, record: SessionRecord): Promise<void>;
  /** Extends the idle expiry without rewriting the data (the idle time-out restarts on activity). */
  touch(id: string, idleExpiresAt: number): Promise<void>;
  delete(id: string): Promise<void>;
  /** Removes every record whose idle or absolute expiry has passed; returns how many. */
  purgeExpired(now: number): Promise<number>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** A 256-bit random session id, URL-safe. */
export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

function isExpired(record: SessionRecord, now: number): boolean {
  return record.idleExpiresAt <= now || record.absoluteExpiresAt <= now;
}

export function createMemorySessionStore(): SessionRecordStore {
  const records = new Map<string, SessionRecord>();
  return {
    kind: "memory",
    async insert(id, record) {
      records.set(id, structuredClone(record));
    },
    async get(id) {
      const record = records.get(id);
      if (!record) return null;
      if (isExpired(record, Date.now())) {
        records.delete(id);
        return null;
      }
      return structuredClone(record);
    },
    async put(id, record) {
      records.set(id, structuredClone(record));
    },
    async touch(id, idleExpiresAt) {
      const record = records.get(id);
      if (record) record.idleExpiresAt = idleExpiresAt;
    },
    async delete(id) {
      records.delete(id);
    },
    async purgeExpired(now) {
      let removed = 0;
      for (const [id, record] of records) {
        if (isExpired(record, now)) {
          records.delete(id);
          removed++;
        }
      }
      return removed;
    },
    async ping() {
      return true;
    },
    async close() {
      records.clear();
    },
  };
}

const SQLITE_MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS sessions (
     id TEXT PRIMARY KEY,
     data TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     idle_expires_at INTEGER NOT NULL,
     absolute_expires_at INTEGER NOT NULL
   ) WITHOUT ROWID`,
  `CREATE INDEX IF NOT EXISTS sessions_idle_expires_at ON sessions (idle_expires_at)`,
];

export function createSqliteSessionStore(path: string): SessionRecordStore {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  const version = db.pragma("user_version", { simple: true }) as number;
  db.transaction(() => {
    for (let step = version; step < SQLITE_MIGRATIONS.length; step++) db.exec(SQLITE_MIGRATIONS[step]);
    db.pragma(`user_version = ${SQLITE_MIGRATIONS.length}`);
  })();

  const insert = db.prepare(
    "INSERT INTO sessions (id, data, created_at, idle_expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?)",
  );
  const select = db.prepare(
    "SELECT data, created_at, idle_expires_at, absolute_expires_at FROM sessions WHERE id = ?",
  );
  const update = db.prepare(
    "UPDATE sessions SET data = ?, idle_expires_at = ?, absolute_expires_at = ? WHERE id = ?",
  );
  const touch = db.prepare("UPDATE sessions SET idle_expires_at = ? WHERE id = ?");
  const remove = db.prepare("DELETE FROM sessions WHERE id = ?");
  const purge = db.prepare("DELETE FROM sessions WHERE idle_expires_at <= ? OR absolute_expires_at <= ?");

  type Row = { data: string; created_at: number; idle_expires_at: number; absolute_expires_at: number };

  return {
    kind: "sqlite",
    async insert(id, record) {
      insert.run(id, JSON.stringify(record.data), record.createdAt, record.idleExpiresAt, record.absoluteExpiresAt);
    },
    async get(id) {
      const row = select.get(id) as Row | undefined;
      if (!row) return null;
      const record: SessionRecord = {
        data: JSON.parse(row.data) as Record<string, unknown>,
        createdAt: row.created_at,
        idleExpiresAt: row.idle_expires_at,
        absoluteExpiresAt: row.absolute_expires_at,
      };
      if (isExpired(record, Date.now())) {
        remove.run(id);
        return null;
      }
      return record;
    },
    async put(id, record) {
      const changed = update.run(JSON.stringify(record.data), record.idleExpiresAt, record.absoluteExpiresAt, id);
      if (changed.changes === 0) {
        insert.run(id, JSON.stringify(record.data), record.createdAt, record.idleExpiresAt, record.absoluteExpiresAt);
      }
    },
    async touch(id, idleExpiresAt) {
      touch.run(idleExpiresAt, id);
    },
    async delete(id) {
      remove.run(id);
    },
    async purgeExpired(now) {
      return purge.run(now, now).changes;
    },
    async ping() {
      try {
        db.prepare("SELECT 1").get();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (db.open) db.close();
    },
  };
}

/**
 * Redis backend for several app instances behind a load balancer. Each record is one key that Redis
 * itself expires at the earlier of the idle and absolute expiry.
 */
export async function createRedisSessionStore(url: string): Promise<SessionRecordStore> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const key = (id: string) => `session:${id}`;
  const write = async (id: string, record: SessionRecord) => {
    const expiresAt = Math.min(record.idleExpiresAt, record.absoluteExpiresAt);
    await redis.set(key(id), JSON.stringify(record), "PXAT", expiresAt);
  };
  return {
    kind: "redis",
    insert: write,
    put: write,
    async get(id) {
      const raw = await redis.get(key(id));
      if (!raw) return null;
      const record = JSON.parse(raw) as SessionRecord;
      if (isExpired(record, Date.now())) {
        await redis.del(key(id));
        return null;
      }
      return record;
    },
    async touch(id, idleExpiresAt) {
      const raw = await redis.get(key(id));
      if (!raw) return;
      const record = JSON.parse(raw) as SessionRecord;
      record.idleExpiresAt = idleExpiresAt;
      await write(id, record);
    },
    async delete(id) {
      await redis.del(key(id));
    },
    async purgeExpired() {
      return 0; // Redis expires keys itself.
    },
    async ping() {
      try {
        return (await redis.ping()) === "PONG";
      } catch {
        return false;
      }
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
