import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { CatalogueError } from "~/errors/catalogue-error";

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
  /** Stores a record under a new id; false (nothing written) when the id exists. */
  insert(id: string, record: SessionRecord): Promise<boolean>;
  get(id: string): Promise<SessionRecord | null>;
  /**
   * Rewrites an existing record; false (nothing written) when there is none: a record deleted by a
   * logout or expired is never written back under its id (decision 095).
   */
  update(id: string, record: SessionRecord): Promise<boolean>;
  /** Insert or replace: for records whose id is derived, not handed out (form drafts). */
  put(id: string, record: SessionRecord): Promise<void>;
  /** Extends the idle expiry of an existing record without rewriting the data (activity restarts the idle time-out). */
  touch(id: string, idleExpiresAt: number): Promise<void>;
  delete(id: string): Promise<void>;
  /** Removes every record whose idle or absolute expiry has passed; returns how many. */
  purgeExpired(now: number): Promise<number>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The shared store (Redis) cannot be reached: the request ends on a controlled 503 page (catalogue
 * E01, "try again"), never a 500 and never a fresh session handed out as if the visitor had none.
 */
export function storeUnavailable(cause: unknown): CatalogueError {
  return cause instanceof CatalogueError ? cause : new CatalogueError("E01", { status: 503, cause });
}

/** Runs a Redis command; any failure of it (connection down, time-out) becomes storeUnavailable. */
async function redisCall<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (error) {
    throw storeUnavailable(error);
  }
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
      if (records.has(id)) return false;
      records.set(id, structuredClone(record));
      return true;
    },
    async update(id, record) {
      const existing = records.get(id);
      if (!existing || isExpired(existing, Date.now())) return false;
      records.set(id, structuredClone(record));
      return true;
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
      if (record && !isExpired(record, Date.now())) record.idleExpiresAt = idleExpiresAt;
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
    "INSERT INTO sessions (id, data, created_at, idle_expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
  );
  const upsert = db.prepare(
    `INSERT INTO sessions (id, data, created_at, idle_expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET data = excluded.data, created_at = excluded.created_at,
       idle_expires_at = excluded.idle_expires_at, absolute_expires_at = excluded.absolute_expires_at`,
  );
  const select = db.prepare("SELECT data, created_at, idle_expires_at, absolute_expires_at FROM sessions WHERE id = ?");
  // Only live rows: an expired row that the purge has not reached yet counts as deleted.
  const update = db.prepare(
    "UPDATE sessions SET data = ?, idle_expires_at = ?, absolute_expires_at = ? WHERE id = ? AND idle_expires_at > ? AND absolute_expires_at > ?",
  );
  const touch = db.prepare("UPDATE sessions SET idle_expires_at = ? WHERE id = ? AND idle_expires_at > ? AND absolute_expires_at > ?");
  const remove = db.prepare("DELETE FROM sessions WHERE id = ?");
  const purge = db.prepare("DELETE FROM sessions WHERE idle_expires_at <= ? OR absolute_expires_at <= ?");

  type Row = { data: string; created_at: number; idle_expires_at: number; absolute_expires_at: number };

  return {
    kind: "sqlite",
    async insert(id, record) {
      return insert.run(id, JSON.stringify(record.data), record.createdAt, record.idleExpiresAt, record.absoluteExpiresAt).changes === 1;
    },
    async update(id, record) {
      const now = Date.now();
      return update.run(JSON.stringify(record.data), record.idleExpiresAt, record.absoluteExpiresAt, id, now, now).changes === 1;
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
      upsert.run(id, JSON.stringify(record.data), record.createdAt, record.idleExpiresAt, record.absoluteExpiresAt);
    },
    async touch(id, idleExpiresAt) {
      const now = Date.now();
      touch.run(idleExpiresAt, id, now, now);
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
 * One Lua script writes a record atomically, with the existence check the mode asks for: `insert`
 * only a new id, `update` only an existing one (like SET … NX / XX), `put` either way. A record is a
 * hash (data, createdAt, idle, absolute) that Redis itself expires at the earlier expiry.
 */
const REDIS_WRITE = `
local exists = redis.call('EXISTS', KEYS[1])
if ARGV[1] == 'insert' and exists == 1 then return 0 end
if ARGV[1] == 'update' and exists == 0 then return 0 end
redis.call('HSET', KEYS[1], 'data', ARGV[2], 'createdAt', ARGV[3], 'idle', ARGV[4], 'absolute', ARGV[5])
redis.call('PEXPIREAT', KEYS[1], ARGV[6])
return 1`;

/** Moves the idle expiry of an existing record (never creates one). */
const REDIS_TOUCH = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local absolute = tonumber(redis.call('HGET', KEYS[1], 'absolute'))
redis.call('HSET', KEYS[1], 'idle', ARGV[1])
redis.call('PEXPIREAT', KEYS[1], math.min(tonumber(ARGV[1]), absolute))
return 1`;

type RedisWithScripts = import("ioredis").Redis & {
  sessionWrite(
    key: string,
    mode: string,
    data: string,
    createdAt: number,
    idle: number,
    absolute: number,
    expireAt: number,
  ): Promise<number>;
  sessionTouch(key: string, idle: number): Promise<number>;
};

/**
 * Redis backend for several app instances behind a load balancer. Each record is one key that Redis
 * itself expires at the earlier of the idle and absolute expiry.
 */
export function createRedisSessionStore(redis: import("ioredis").Redis, prefix = "session:"): SessionRecordStore {
  if (!("sessionWrite" in redis)) {
    redis.defineCommand("sessionWrite", { numberOfKeys: 1, lua: REDIS_WRITE });
    redis.defineCommand("sessionTouch", { numberOfKeys: 1, lua: REDIS_TOUCH });
  }
  const client = redis as RedisWithScripts;
  const key = (id: string) => `${prefix}${id}`;
  const write = async (mode: "insert" | "update" | "put", id: string, record: SessionRecord) => {
    const expireAt = Math.min(record.idleExpiresAt, record.absoluteExpiresAt);
    const written = await redisCall(
      client.sessionWrite(
        key(id),
        mode,
        JSON.stringify(record.data),
        record.createdAt,
        record.idleExpiresAt,
        record.absoluteExpiresAt,
        expireAt,
      ),
    );
    return written === 1;
  };
  return {
    kind: "redis",
    insert: (id, record) => write("insert", id, record),
    update: (id, record) => write("update", id, record),
    async put(id, record) {
      await write("put", id, record);
    },
    async get(id) {
      const [data, createdAt, idle, absolute] = await redisCall(client.hmget(key(id), "data", "createdAt", "idle", "absolute"));
      if (data === null || createdAt === null || idle === null || absolute === null) return null;
      const record: SessionRecord = {
        data: JSON.parse(data) as Record<string, unknown>,
        createdAt: Number(createdAt),
        idleExpiresAt: Number(idle),
        absoluteExpiresAt: Number(absolute),
      };
      if (isExpired(record, Date.now())) {
        await redisCall(client.del(key(id)));
        return null;
      }
      return record;
    },
    async touch(id, idleExpiresAt) {
      await redisCall(client.sessionTouch(key(id), idleExpiresAt));
    },
    async delete(id) {
      await redisCall(client.del(key(id)));
    },
    async purgeExpired() {
      return 0; // Redis expires keys itself.
    },
    async ping() {
      try {
        return (await client.ping()) === "PONG";
      } catch {
        return false;
      }
    },
    async close() {
      // The connection belongs to the process (server/redis.ts), which closes it.
    },
  };
}
