import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Redis } from "ioredis";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RateLimiter } from "~/context";
import { createMemoryRateLimiter, createRedisRateLimiter, createSqliteRateLimiter, RATE_LIMIT_MAX_KEYS } from "../../server/rate-limit";
import { connectRedis } from "../../server/redis";
import { startRedis, type RunningRedis } from "../support/redis";

let redisServer: RunningRedis;
let redis: Redis;
const dirs: string[] = [];
const closers: Array<() => void> = [];

beforeAll(async () => {
  redisServer = await startRedis();
  redis = await connectRedis(redisServer.url, pino({ level: "silent" }));
});
afterAll(async () => {
  await redis?.quit();
  await redisServer?.stop();
});
afterEach(() => {
  vi.useRealTimers();
  for (const close of closers.splice(0)) close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sqlitePath(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "rate-limit-"));
  dirs.push(dir);
  return path.join(dir, "app.db");
}

let prefixes = 0;
type Make = (windowS: number) => RateLimiter;
const backends: Array<[string, Make]> = [
  ["memory", (windowS) => createMemoryRateLimiter(2, windowS)],
  [
    "sqlite",
    (windowS) => {
      const limiter = createSqliteRateLimiter(sqlitePath(), 2, windowS);
      closers.push(() => limiter.close());
      return limiter;
    },
  ],
  ["redis", (windowS) => createRedisRateLimiter(redis, 2, windowS, `test-${process.pid}-${++prefixes}:`)],
];

const hit = (limiter: RateLimiter, key: string, limit = 2) => limiter.hit([{ key, limit }]);

async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(backends)("rate-limit counters (%s)", (_name, make) => {
  it("DESIGN §8: counts per key within the window; every key has its own limit; the window ends", async () => {
    const limiter = make(1);
    expect([await hit(limiter, "a"), await hit(limiter, "a"), await hit(limiter, "a")]).toEqual([false, false, true]);
    expect(await hit(limiter, "b")).toBe(false);
    expect(
      await limiter.hit([
        { key: "b", limit: 5 },
        { key: "a", limit: 5 },
      ]),
    ).toBe(false);
    expect(
      await limiter.hit([
        { key: "b", limit: 5 },
        { key: "a", limit: 2 },
      ]),
    ).toBe(true);
    // After the window the first attempt counts as the first again (polled: real time, real Redis expiry).
    await eventually("a new window for a", async () => !(await hit(limiter, "a")), 5000);
  });

  it("DESIGN §8: a reset forgets the key's count, other keys keep theirs", async () => {
    const limiter = make(300);
    for (let n = 0; n < 3; n++) await hit(limiter, "account:anna");
    for (let n = 0; n < 3; n++) await hit(limiter, "client:10.0.0.1");
    await limiter.reset(["account:anna"]);
    expect(await hit(limiter, "account:anna")).toBe(false);
    expect(await hit(limiter, "client:10.0.0.1")).toBe(true);
  });
});

describe("hard bound of the counters (decision 097)", () => {
  it("memory: a flood of distinct user names evicts the oldest counters instead of growing", async () => {
    const limiter = createMemoryRateLimiter(2, 300);
    for (let n = 0; n < RATE_LIMIT_MAX_KEYS + 50_000; n++) await hit(limiter, `login:demo:account:user-${n}`);
    expect(limiter.size).toBe(RATE_LIMIT_MAX_KEYS);
  });

  it("sqlite: the table never holds more than the bound; the oldest windows go first", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const limiter = createSqliteRateLimiter(sqlitePath(), 1, 300, 3);
    closers.push(() => limiter.close());
    await hit(limiter, "old", 1);
    vi.setSystemTime(Date.now() + 1000);
    await hit(limiter, "mid", 1);
    vi.setSystemTime(Date.now() + 1000);
    await hit(limiter, "new", 1);
    vi.setSystemTime(Date.now() + 1000);
    await hit(limiter, "newest", 1); // evicts "old"
    expect(limiter.size).toBe(3);
    expect(await hit(limiter, "new", 1)).toBe(true);
    expect(await hit(limiter, "newest", 1)).toBe(true);
    expect(await hit(limiter, "old", 1)).toBe(false); // forgotten: a fresh window, evicting "mid"
    expect(limiter.size).toBe(3);
    expect(await hit(limiter, "mid", 1)).toBe(false);
    for (let n = 0; n < 1000; n++)
      await limiter.hit([
        { key: `flood-${n}`, limit: 1 },
        { key: `flood-client-${n}`, limit: 1 },
      ]);
    expect(limiter.size).toBe(3);
  });

  it("sqlite: expired windows are dropped before live ones when the bound is reached", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const limiter = createSqliteRateLimiter(sqlitePath(), 1, 60, 3);
    closers.push(() => limiter.close());
    await hit(limiter, "expired-1", 1);
    await hit(limiter, "expired-2", 1);
    vi.setSystemTime(Date.now() + 61_000);
    await hit(limiter, "live", 1);
    await hit(limiter, "live-2", 1);
    expect(limiter.size).toBe(2);
    expect(await hit(limiter, "live", 1)).toBe(true);
  });

  it("sqlite: two processes' limiters on one file count together (instances without Redis)", async () => {
    const file = sqlitePath();
    const a = createSqliteRateLimiter(file, 3, 300);
    const b = createSqliteRateLimiter(file, 3, 300);
    closers.push(
      () => a.close(),
      () => b.close(),
    );
    const results = [];
    for (let n = 0; n < 4; n++) results.push(await (n % 2 ? b : a).hit([{ key: "login:demo:account:anna", limit: 3 }]));
    expect(results).toEqual([false, false, false, true]);
  });

  it("redis: counters expire with their window and name no user", async () => {
    const prefix = `bound-${process.pid}:`;
    const limiter = createRedisRateLimiter(redis, 2, 300, prefix);
    await limiter.hit([{ key: "login:demo:account:anna@example.com", limit: 2 }]);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain("anna");
    const ttl = await redis.pttl(keys[0]);
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
  });
});
