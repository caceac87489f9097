import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Redis } from "ioredis";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createAppSessionStorage, rotateSession } from "~/session/session.server";
import {
  createMemorySessionStore,
  createRedisSessionStore,
  createSqliteSessionStore,
  type SessionRecordStore,
} from "~/session/store.server";
import { connectRedis } from "../../server/redis";
import { startRedis, type RunningRedis } from "../support/redis";

const policy = { idleTimeoutS: 3600, anonymousIdleTimeoutS: 900, absoluteTimeoutS: 12 * 3600 };
const dirs: string[] = [];

/** The same contract runs against every backend; Redis is a real redis-server (docs/decisions/095, 097). */
let redisServer: RunningRedis;
let redis: Redis;
let redisStores = 0;
let redisPrefix = "";

beforeAll(async () => {
  redisServer = await startRedis();
  redis = await connectRedis(redisServer.url, pino({ level: "silent" }));
});
afterAll(async () => {
  await redis?.quit();
  await redisServer?.stop();
});

function stores(): Array<[string, () => SessionRecordStore]> {
  return [
    [
      "redis",
      () => {
        redisPrefix = `contract-${++redisStores}:`;
        return createRedisSessionStore(redis, redisPrefix);
      },
    ],
    ["memory", () => createMemorySessionStore()],
    [
      "sqlite",
      () => {
        const dir = mkdtempSync(path.join(tmpdir(), "sessions-"));
        dirs.push(dir);
        return createSqliteSessionStore(path.join(dir, "app.db"));
      },
    ],
  ];
}

afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function cookieFrom(setCookie: string) {
  return setCookie.split(";")[0];
}

describe.each(stores())("server-owned sessions (%s store)", (_name, makeStore) => {
  it("the cookie holds only a signed random 256-bit id; the data stays on the server", async () => {
    const store = makeStore();
    const storage = createAppSessionStorage(store, { secrets: ["s".repeat(40)], secure: false }, policy);
    const session = await storage.getSession();
    session.set("activeProfileId", "P100");
    const cookie = await cookieFrom(await storage.commitSession(session));
    expect(cookie).not.toContain("P100");
    const id = (await storage.getSession(cookie)).id;
    expect(Buffer.from(id, "base64url")).toHaveLength(32);
    expect(decodeURIComponent(cookie)).not.toContain(JSON.stringify("P100"));
    expect((await storage.getSession(cookie)).get("activeProfileId")).toBe("P100");
  });

  it("a tampered cookie is treated as no session", async () => {
    const storage = createAppSessionStorage(makeStore(), { secrets: ["s".repeat(40)], secure: false }, policy);
    const session = await storage.getSession();
    session.set("activeProfileId", "P100");
    const cookie = await cookieFrom(await storage.commitSession(session));
    const tampered = cookie.slice(0, -3) + (cookie.endsWith("A") ? "BBB" : "AAA");
    const read = await storage.getSession(tampered);
    expect(read.get("activeProfileId")).toBeUndefined();
    expect((await storage.getSession("__session=garbage")).data).toEqual({});
  });

  it("R-CON-04 anonymous applicants expire after 15 idle minutes, others later", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const store = makeStore();
    const storage = createAppSessionStorage(store, { secrets: ["s".repeat(40)], secure: false }, policy);
    const anonymous = await storage.getSession();
    anonymous.set("applicant", { token: "t", expiresAt: null, userName: "self_register_anon_1", anonymous: true });
    const anonymousCookie = await cookieFrom(await storage.commitSession(anonymous));
    const regular = await storage.getSession();
    regular.set("applicant", { token: "t", expiresAt: null, userName: "anna", anonymous: false });
    const regularCookie = await cookieFrom(await storage.commitSession(regular));

    vi.setSystemTime(Date.now() + 14 * 60 * 1000);
    expect((await storage.getSession(anonymousCookie)).get("applicant")).toBeDefined();
    // Activity restarts the idle time-out.
    vi.setSystemTime(Date.now() + 14 * 60 * 1000);
    expect((await storage.getSession(anonymousCookie)).get("applicant")).toBeDefined();
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    expect((await storage.getSession(anonymousCookie)).get("applicant")).toBeUndefined();
    expect((await storage.getSession(regularCookie)).get("applicant")).toBeDefined();
  });

  it("the absolute lifetime ends a session however active it is, and purge removes expired rows", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const store = makeStore();
    const storage = createAppSessionStorage(store, { secrets: ["s".repeat(40)], secure: false }, { ...policy, absoluteTimeoutS: 3 * 3600 });
    const session = await storage.getSession();
    session.set("activeProfileId", "P100");
    const cookie = await cookieFrom(await storage.commitSession(session));
    const idle = await storage.getSession();
    idle.set("activeProfileId", "P200");
    const idleId = (await storage.getSession(await cookieFrom(await storage.commitSession(idle)))).id;
    const idleExpiresAt = Date.now() + policy.idleTimeoutS * 1000;
    for (let hour = 0; hour < 2; hour++) {
      vi.setSystemTime(Date.now() + 50 * 60 * 1000);
      expect((await storage.getSession(cookie)).get("activeProfileId")).toBe("P100");
    }
    // the idle one expired after an hour without activity
    if (store.kind === "redis") {
      // Redis removes it by itself: the key expires at the record's idle expiry.
      expect(Number(await redis.call("PEXPIRETIME", `${redisPrefix}${idleId}`))).toBe(idleExpiresAt);
      expect(await store.get(idleId)).toBeNull();
    } else {
      expect(await store.purgeExpired(Date.now())).toBe(1);
    }
    vi.setSystemTime(Date.now() + 90 * 60 * 1000);
    expect((await storage.getSession(cookie)).get("activeProfileId")).toBeUndefined();
  });

  it("rotation at login gives a new id, keeps the data and deletes the old record", async () => {
    const store = makeStore();
    const storage = createAppSessionStorage(store, { secrets: ["s".repeat(40)], secure: false }, policy);
    const session = await storage.getSession();
    session.set("onSite", { profileId: "P100" });
    const oldCookie = await cookieFrom(await storage.commitSession(session));
    const oldId = (await storage.getSession(oldCookie)).id;
    const rotated = await rotateSession(storage, await storage.getSession(oldCookie));
    const newCookie = await cookieFrom(await storage.commitSession(rotated));
    expect(newCookie).not.toBe(oldCookie);
    expect((await storage.getSession(newCookie)).id).not.toBe(oldId);
    expect(await store.get(oldId)).toBeNull();
    expect((await storage.getSession(oldCookie)).data).toEqual({});
    expect((await storage.getSession(newCookie)).get("onSite")).toEqual({ profileId: "P100" });
  });

  it("a rotated session keeps one id: later changes and commits land in the same record", async () => {
    const store = makeStore();
    const storage = createAppSessionStorage(store, { secrets: ["s".repeat(40)], secure: false }, policy);
    const rotated = await rotateSession(storage, await storage.getSession());
    expect(rotated.id).toBeTruthy();
    const first = await cookieFrom(await storage.commitSession(rotated));
    rotated.set("activeProfileId", "P100");
    const second = await cookieFrom(await storage.commitSession(rotated));
    expect(second).toBe(first);
    expect((await storage.getSession(first)).get("activeProfileId")).toBe("P100");
  });

  it("decision 095: a cookie whose record was deleted (logout) is never written back under its id: a commit issues a new one", async () => {
    const store = makeStore();
    const storage = createAppSessionStorage(store, { secrets: ["s".repeat(40)], secure: false }, policy);
    const session = await storage.getSession();
    session.set("applicant", { token: "t", expiresAt: null, userName: "anna", anonymous: false });
    const cookie = await cookieFrom(await storage.commitSession(session));
    const id = (await storage.getSession(cookie)).id;
    await storage.destroySession(await storage.getSession(cookie));

    const replayed = await storage.getSession(cookie);
    expect(replayed.id).toBe("");
    expect(replayed.data).toEqual({});
    replayed.set("activeProfileId", "P100");
    const reissued = await cookieFrom(await storage.commitSession(replayed));
    expect(reissued).not.toBe(cookie);
    expect(await store.get(id)).toBeNull();
    expect((await storage.getSession(reissued)).get("activeProfileId")).toBe("P100");
    // Further commits of the same request land in the new record, not in yet another one.
    replayed.set("activeProfileId", "P200");
    expect(await cookieFrom(await storage.commitSession(replayed))).toBe(reissued);
    expect((await storage.getSession(reissued)).get("activeProfileId")).toBe("P200");
  });

  it("decision 095: an expired record is not revived by a commit: a new id, the old one stays gone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const store = makeStore();
    const storage = createAppSessionStorage(store, { secrets: ["s".repeat(40)], secure: false }, policy);
    const session = await storage.getSession();
    session.set("applicant", { token: "t", expiresAt: null, userName: "anna", anonymous: false });
    const cookie = await cookieFrom(await storage.commitSession(session));
    const id = (await storage.getSession(cookie)).id;
    vi.setSystemTime(Date.now() + 2 * 3600 * 1000);
    const expired = await storage.getSession(cookie);
    expect(expired.get("applicant")).toBeUndefined();
    expired.set("activeProfileId", "P100");
    const reissued = await cookieFrom(await storage.commitSession(expired));
    expect(reissued).not.toBe(cookie);
    expect(await store.get(id)).toBeNull();
  });

  it("decision 095: a record deleted while a request runs (logout in another tab): the commit gets a new id without the sign-in", async () => {
    const store = makeStore();
    const storage = createAppSessionStorage(store, { secrets: ["s".repeat(40)], secure: false }, policy);
    const session = await storage.getSession();
    session.set("cstm", "demo");
    session.set("applicant", { token: "t", expiresAt: null, userName: "anna", anonymous: false });
    session.set("onSite", { profileId: "P100" });
    const cookie = await cookieFrom(await storage.commitSession(session));
    const running = await storage.getSession(cookie);
    const id = running.id;
    await store.delete(id); // the other tab's logout
    running.set("activeProfileId", "P100");
    const reissued = await cookieFrom(await storage.commitSession(running));
    expect(reissued).not.toBe(cookie);
    expect(await store.get(id)).toBeNull();
    const after = await storage.getSession(reissued);
    expect(after.get("applicant")).toBeUndefined();
    expect(after.get("activeProfileId")).toBeUndefined();
    expect(after.get("onSite")).toEqual({ profileId: "P100" });
  });

  it("decision 095: store contract: insert only takes new ids, update only existing ones, put either", async () => {
    const store = makeStore();
    const now = Date.now();
    const record = (value: string) => ({ data: { value }, createdAt: now, idleExpiresAt: now + 60_000, absoluteExpiresAt: now + 120_000 });
    expect(await store.update("missing", record("a"))).toBe(false);
    expect(await store.get("missing")).toBeNull();
    await store.touch("missing", now + 90_000);
    expect(await store.get("missing")).toBeNull();
    expect(await store.insert("one", record("a"))).toBe(true);
    expect(await store.insert("one", record("b"))).toBe(false);
    expect((await store.get("one"))?.data).toEqual({ value: "a" });
    expect(await store.update("one", record("c"))).toBe(true);
    expect((await store.get("one"))?.data).toEqual({ value: "c" });
    await store.touch("one", now + 90_000);
    expect((await store.get("one"))?.idleExpiresAt).toBe(now + 90_000);
    await store.put("two", record("d"));
    await store.put("two", record("e"));
    expect((await store.get("two"))?.data).toEqual({ value: "e" });
    await store.delete("one");
    expect(await store.update("one", record("f"))).toBe(false);
    expect(await store.get("one")).toBeNull();
  });
});
