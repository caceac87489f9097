import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { Redis } from "ioredis";
import type { RateLimiter } from "../app/context";
import { storeUnavailable } from "../app/session/store.server";

/**
 * Fixed-window attempt counters for login, registration and password POSTs (DESIGN §8), keyed by
 * account and by client (app/account/rate-limit.server.ts). Shared by every app instance: in Redis
 * with REDIS_URL, else in the SQLite file of the session store (instances on one machine share it);
 * the memory variant is for unit tests. docs/decisions/097.
 */

/** Hard bound of the counters: user names tried are attacker-chosen, so storage must not grow with them. */
export const RATE_LIMIT_MAX_KEYS = 100_000;

type Keys = ReadonlyArray<{ key: string; limit: number }>;

/**
 * Counter ids are hashed: a user name may be an e-mail address, which has no business in a storage
 * key, and a long one must not make the key long.
 */
export function counterId(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

export function createMemoryRateLimiter(
  maxAttempts: number,
  windowS: number,
  maxKeys = RATE_LIMIT_MAX_KEYS,
): RateLimiter & { readonly size: number } {
  // In window order (a new window re-inserts its key): the first entries are the oldest.
  const windows = new Map<string, { count: number; resetAt: number }>();
  const dropExpired = (now: number) => {
    for (const [key, window] of windows) {
      if (window.resetAt > now) break;
      windows.delete(key);
    }
  };
  return {
    maxAttempts,
    get size() {
      return windows.size;
    },
    async hit(keys) {
      const now = Date.now();
      dropExpired(now);
      let limited = false;
      for (const { key, limit } of keys) {
        let window = windows.get(key);
        if (!window || window.resetAt <= now) {
          windows.delete(key);
          while (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
          window = { count: 0, resetAt: now + windowS * 1000 };
          windows.set(key, window);
        }
        window.count++;
        if (window.count > limit) limited = true;
      }
      return limited;
    },
    async reset(keys) {
      for (const key of keys) windows.delete(key);
    },
  };
}

/**
 * Counters in a table of the session store's SQLite file; each hit is one IMMEDIATE transaction, so
 * processes sharing the file count together. The number of rows is kept in a meta row (SQLite has
 * no O(1) count): when a new counter would pass `maxKeys`, expired windows go first, then the
 * oldest windows, so the table never holds more than `maxKeys` rows.
 */
export function createSqliteRateLimiter(
  path: string,
  maxAttempts: number,
  windowS: number,
  maxKeys = RATE_LIMIT_MAX_KEYS,
): RateLimiter & { readonly size: number; close(): void } {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  db.exec(`CREATE TABLE IF NOT EXISTS rate_limits (
    id TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    reset_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS rate_limits_reset_at ON rate_limits (reset_at);
  CREATE TABLE IF NOT EXISTS rate_limit_meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;`);

  const insertNew = db.prepare<[string, number]>(
    "INSERT INTO rate_limits (id, count, reset_at) VALUES (?, 1, ?) ON CONFLICT (id) DO NOTHING",
  );
  const bump = db.prepare<[number, number, number, string], { count: number }>(
    `UPDATE rate_limits SET
       count = CASE WHEN reset_at <= ? THEN 1 ELSE count + 1 END,
       reset_at = CASE WHEN reset_at <= ? THEN ? ELSE reset_at END
     WHERE id = ? RETURNING count`,
  );
  const rows = db.prepare<[], { value: number }>("SELECT value FROM rate_limit_meta WHERE name = 'rows'");
  const addRows = db.prepare<[number]>("UPDATE rate_limit_meta SET value = value + ? WHERE name = 'rows'");
  const dropExpired = db.prepare<[number]>("DELETE FROM rate_limits WHERE reset_at <= ?");
  const dropOldest = db.prepare<[number]>("DELETE FROM rate_limits WHERE id IN (SELECT id FROM rate_limits ORDER BY reset_at, id LIMIT ?)");
  const remove = db.prepare<[string]>("DELETE FROM rate_limits WHERE id = ?");

  // The meta row is recounted at start (cheap once), so it can never drift for long.
  db.transaction(() => {
    db.prepare("INSERT OR REPLACE INTO rate_limit_meta (name, value) VALUES ('rows', (SELECT count(*) FROM rate_limits))").run();
  }).immediate();

  const hit = db.transaction((keys: Keys, now: number) => {
    const resetAt = now + windowS * 1000;
    let limited = false;
    let added = 0;
    for (const { key, limit } of keys) {
      const id = counterId(key);
      let attempts = 1;
      if (insertNew.run(id, resetAt).changes === 1) added++;
      else attempts = bump.get(now, now, resetAt, id)!.count;
      if (attempts > limit) limited = true;
    }
    if (added > 0) {
      addRows.run(added);
      if (rows.get()!.value > maxKeys) {
        addRows.run(-dropExpired.run(now).changes);
        const excess = rows.get()!.value - maxKeys;
        if (excess > 0) addRows.run(-dropOldest.run(excess).changes);
      }
    }
    return limited;
  });

  const reset = db.transaction((keys: string[]) => {
    let removed = 0;
    for (const key of keys) removed += remove.run(counterId(key)).changes;
    if (removed > 0) addRows.run(-removed);
  });

  return {
    maxAttempts,
    get size() {
      return (db.prepare("SELECT count(*) AS n FROM rate_limits").get() as { n: number }).n;
    },
    async hit(keys) {
      return hit.immediate(keys, Date.now());
    },
    async reset(keys) {
      reset.immediate(keys);
    },
    close() {
      if (db.open) db.close();
    },
  };
}

/**
 * INCR of every key and, for a key's first attempt, its expiry (PEXPIRE) in one Lua script: atomic,
 * one round trip. Redis forgets each counter when its window ends, so the keys held are the
 * counters of the current windows; no sweep needed.
 */
const REDIS_HIT = `
local counts = {}
for i, key in ipairs(KEYS) do
  local attempts = redis.call('INCR', key)
  if attempts == 1 or redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[1]) end
  counts[i] = attempts
end
return counts`;

type RedisWithHit = Redis & { rateLimitHit(...args: Array<string | number>): Promise<number[]> };

export function createRedisRateLimiter(redis: Redis, maxAttempts: number, windowS: number, prefix = "ratelimit:"): RateLimiter {
  if (!("rateLimitHit" in redis)) redis.defineCommand("rateLimitHit", { lua: REDIS_HIT });
  const client = redis as RedisWithHit;
  const redisKey = (key: string) => `${prefix}${counterId(key)}`;
  return {
    maxAttempts,
    async hit(keys) {
      if (keys.length === 0) return false;
      const counts = await client
        .rateLimitHit(keys.length, ...keys.map(({ key }) => redisKey(key)), windowS * 1000)
        .catch((error: unknown) => Promise.reject(storeUnavailable(error)));
      return keys.some(({ limit }, index) => counts[index] > limit);
    },
    async reset(keys) {
      if (keys.length === 0) return;
      await client.del(...keys.map(redisKey)).catch((error: unknown) => Promise.reject(storeUnavailable(error)));
    },
  };
}
