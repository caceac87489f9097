import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_REPORTS_PER_MINUTE } from "../../app/errors/report-budget";
import { BrowserClient, type PageResponse } from "../support/browser-client";
import { cloneUser, DORA_PERSONAL_DATA, signIn } from "../support/demo";
import { portToListenOnLater } from "../support/ports";
import { startRedis, type RunningRedis } from "../support/redis";
import { runServerExpectingExit, startServer, testSecret, type RunningServer } from "../support/server";

/**
 * Two app instances on one real redis-server (docs/decisions/097, DESIGN §9): whatever is per user
 * (sessions, form drafts, rate-limit counters) is shared, nothing lives in either process. Instance
 * A runs the embedded API; B uses it as its upstream, like two containers in front of one backend.
 */
let redis: RunningRedis;
let a: RunningServer;
let b: RunningServer;

const SESSION_COOKIE = "__Host-session";

beforeAll(async () => {
  redis = await startRedis();
  a = await startServer({ REDIS_URL: redis.url, RATE_LIMIT_MAX: "3" });
  b = await startServer({ REDIS_URL: redis.url, RATE_LIMIT_MAX: "3", UPSTREAM_API_URL: `${a.baseUrl}/api` });
}, 120_000);

afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await redis?.stop();
});

/** The same browser (its cookies) talking to the other instance, as a load balancer would send it. */
function onOtherInstance(browser: BrowserClient, server: RunningServer): BrowserClient {
  const other = new BrowserClient(server.baseUrl);
  for (const [name, value] of browser.cookies) other.cookies.set(name, value);
  return other;
}

const main = (page: PageResponse) => /<main[\s\S]*<\/main>/.exec(page.text)?.[0] ?? "";

async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("two app instances on one Redis (decision 097)", () => {
  it("a login on A is valid on B", async () => {
    const user = await cloneUser(a.baseUrl, "anna");
    const browser = new BrowserClient(a.baseUrl);
    await browser.get("/demo/login?langId=en_GB");
    const home = await signIn(browser, user);
    expect(new URL(home.url).pathname).toBe("/demo/home");
    const onB = await onOtherInstance(browser, b).get("/demo/change-password", { follow: false });
    expect(onB.status).toBe(200);
    expect(onB.text).toContain("Change password");
  });

  it("a draft saved on A shows on B", async () => {
    const user = await cloneUser(a.baseUrl, "dora");
    const browser = new BrowserClient(a.baseUrl);
    await browser.get("/demo/login?langId=en_GB");
    await signIn(browser, user);
    const kept = await browser.post("/demo/assessment/40/draft", { ...DORA_PERSONAL_DATA, lastName: "Fischer-on-A" });
    expect(kept.status).toBe(204);
    const onB = await onOtherInstance(browser, b).get("/demo/assessment/40");
    expect(onB.status).toBe(200);
    expect(main(onB)).toContain('value="Fischer-on-A"');
  });

  it("the rate limit counts attempts on both instances together", async () => {
    const results: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const server = attempt % 2 === 0 ? a : b;
      const page = await new BrowserClient(server.baseUrl).post("/demo/login?langId=en_GB", {
        username: "rate-limited-across-instances",
        password: `wrong-${attempt}`,
        privacy: "on",
      });
      results.push(page.status);
    }
    // RATE_LIMIT_MAX=3 per account: the fourth attempt is refused although each instance saw only two.
    expect(results).toEqual([401, 401, 401, 429]);
  });

  it("the client-error report budget of a client counts on both instances together (decision 103)", async () => {
    const report = (server: RunningServer, n: number) =>
      fetch(`${server.baseUrl}/_client-errors`, {
        method: "POST",
        headers: { "Content-Type": "text/plain", "Sec-Fetch-Site": "same-origin" },
        body: JSON.stringify({ source: "error", message: `across instances #${n}`, url: "/demo/login" }),
      });
    const statuses: number[] = [];
    for (let n = 0; n <= CLIENT_REPORTS_PER_MINUTE; n++) statuses.push((await report(n % 2 === 0 ? a : b, n)).status);
    // Each instance saw about half of the budget; the one over it is refused all the same.
    expect(statuses.slice(0, CLIENT_REPORTS_PER_MINUTE)).toEqual(Array(CLIENT_REPORTS_PER_MINUTE).fill(204));
    expect(statuses.at(-1)).toBe(429);
  });

  it("a logout on B ends the session on A", async () => {
    const user = await cloneUser(a.baseUrl, "anna");
    const browser = new BrowserClient(a.baseUrl);
    await signIn(browser, user);
    expect((await browser.get("/demo/change-password", { follow: false })).status).toBe(200);
    const loggedOut = await onOtherInstance(browser, b).post("/demo/logout", {}, { follow: false });
    expect(loggedOut.location).toBe("/demo/login");
    expect((await browser.get("/demo/change-password", { follow: false })).location).toMatch(/^\/demo\/login/);
  });
});

describe("Redis stopped while the app runs (decision 097)", () => {
  it("pages that need the session answer a controlled 503, /readyz is not ready; within 5 s of Redis being back all works", async () => {
    const user = await cloneUser(a.baseUrl, "anna");
    const browser = new BrowserClient(a.baseUrl);
    await browser.get("/demo/login?langId=en_GB");
    await signIn(browser, user);
    const cookie = browser.cookies.get(SESSION_COOKIE)!;

    await redis.stop();
    const outage = await until(
      "the 503 page",
      async () => {
        const page = await browser.get("/demo/change-password", { follow: false });
        return page.status === 503 && page;
      },
      5000,
    );
    expect(outage.text).toContain("E01");
    expect(outage.text).not.toMatch(/at .*\.js:\d+|ioredis|ECONNREFUSED/);
    // Never a new, unauthenticated session handed out instead.
    expect(outage.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`))).toEqual([]);
    expect(browser.cookies.get(SESSION_COOKIE)).toBe(cookie);
    const login = await new BrowserClient(a.baseUrl).post("/demo/login", {
      username: user.userName,
      password: user.password!,
      privacy: "on",
    });
    expect(login.status).toBe(503);
    expect(login.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`))).toEqual([]);
    const onB = await onOtherInstance(browser, b).get("/demo/home", { follow: false });
    expect(onB.status).toBe(503);
    for (const server of [a, b]) {
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: "not ready", sessionStore: false });
    }
    expect(a.logs()).not.toMatch(/"statusCode":500/);

    // Back (empty: this Redis keeps nothing on disk), no restart of the app.
    await redis.restart();
    const backAt = Date.now();
    await until("A ready again", async () => (await fetch(`${a.baseUrl}/readyz`)).status === 200, 5000);
    const fresh = new BrowserClient(a.baseUrl);
    const home = await until(
      "a sign-in on A",
      async () => {
        const page = await signIn(fresh, user);
        return new URL(page.url).pathname === "/demo/home" && page;
      },
      Math.max(5000 - (Date.now() - backAt), 500),
    );
    const recoveredMs = Date.now() - backAt;
    console.log(`Redis outage: sign-in works again ${recoveredMs} ms after redis-server answers`);
    expect(home.status).toBe(200);
    expect(recoveredMs).toBeLessThan(5000);
    // B reconnects on its own backoff (server/redis.ts, up to 500 ms between attempts), so it can come back a moment
    // after A: it must work within the same 5 s, not at the instant A does.
    const onBAgain = await until(
      "the session on B",
      async () => {
        const page = await onOtherInstance(fresh, b).get("/demo/change-password", { follow: false });
        return page.status === 200 && page;
      },
      Math.max(5000 - (Date.now() - backAt), 500),
    );
    expect(onBAgain.status).toBe(200);
    expect(Date.now() - backAt).toBeLessThan(5000);
    // The old cookie's record went with Redis: a sign-in page, not an error.
    expect((await browser.get("/demo/change-password", { follow: false })).location).toMatch(/^\/demo\/login/);
  });
});

describe("REDIS_URL that cannot be reached at start (decision 097)", () => {
  it("the server refuses to start with one line naming REDIS_URL, without the password", async () => {
    const port = await portToListenOnLater();
    const { code, output } = await runServerExpectingExit({
      NODE_ENV: "production",
      SESSION_SECRET: testSecret(),
      PORT: "0",
      HOST: "127.0.0.1",
      REDIS_URL: `redis://:hunter2-secret@127.0.0.1:${port}`,
      DATABASE_PATH: path.join(a.dataDir, "refused-app.db"),
      API_DATABASE_PATH: path.join(a.dataDir, "refused-api.db"),
    });
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot connect to REDIS_URL \(redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/?\)/);
    expect(output).not.toContain("hunter2-secret");
    expect(output).not.toMatch(/\n\s+at /);
  });
});
