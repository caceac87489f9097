import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { startServer, type RunningServer } from "../support/server";

/**
 * Rate limits of login, registration and password POSTs (DESIGN §8), as a client behind a proxy sees
 * them. RATE_LIMIT_MAX=1 makes the per-client limit 10 attempts (per account: 1); every attempt uses
 * a new user name, so only the client's counter can run out.
 */
const CLIENT_LIMIT = 10;

let server: RunningServer;

beforeAll(async () => {
  // One proxy in front of the app (the test itself plays it): it appends the address it saw.
  server = await startServer({ TRUST_PROXY: "1", RATE_LIMIT_MAX: "1" });
});
afterAll(async () => {
  await server?.stop();
});

let attempt = 0;
function failedLogin(forwardedFor: string) {
  attempt++;
  return new BrowserClient(server.baseUrl).post(
    "/demo/login?langId=en_GB",
    { username: `nobody-${attempt}`, password: "wrong-password", privacy: "on" },
    { headers: { "X-Forwarded-For": forwardedFor } },
  );
}

describe("client address behind a proxy (decision 094)", () => {
  // Eleven logins at OWASP's scrypt cost (decision 092): far over 30 s on a loaded 2-core machine.
  it(
    "with TRUST_PROXY=1 a spoofed X-Forwarded-For does not change the counted address; other clients count separately",
    { timeout: 180_000 },
    async () => {
      for (let n = 0; n < CLIENT_LIMIT; n++) {
        // The client writes whatever it likes on the left; the proxy appends the real address.
        const page = await failedLogin(`198.51.100.${n}, 203.0.113.7`);
        expect(page.status, `attempt ${n + 1}`).toBe(401);
      }
      const spoofed = await failedLogin("192.0.2.200, 203.0.113.7");
      expect(spoofed.status).toBe(429);
      expect(spoofed.text).toContain("Too many attempts.");
      // A different real client behind the same proxy is not locked out by the first one.
      const other = await failedLogin("203.0.113.8");
      expect(other.status).toBe(401);
      expect(other.text).toContain("Username or password incorrect");
    },
  );
});

describe("instances without Redis share the SQLite counters (decision 097)", () => {
  it("two instances on one SQLite file count an account's attempts together", async () => {
    const other = await startServer({
      TRUST_PROXY: "1",
      RATE_LIMIT_MAX: "1",
      DATABASE_PATH: path.join(server.dataDir, "app.db"),
      UPSTREAM_API_URL: `${server.baseUrl}/api`,
    });
    try {
      const attempt = (target: RunningServer) =>
        new BrowserClient(target.baseUrl).post("/demo/login?langId=en_GB", {
          username: "shared-counter",
          password: "wrong-password",
          privacy: "on",
        });
      expect((await attempt(server)).status).toBe(401);
      // RATE_LIMIT_MAX=1 per account: the second attempt is one too many, on whichever instance.
      expect((await attempt(other)).status).toBe(429);
    } finally {
      await other.stop();
    }
  });
});

describe("the upstream's own throttle (decision 102, found by fuzzing)", () => {
  it(
    "an account the upstream throttles (429 after 10 failed logins) gets the form's too-many-attempts message, and a password the upstream cannot read the wrong-credentials one, not an API error page",
    { timeout: 180_000 },
    async () => {
      // The app's own limit out of the way: only the embedded API's throttle of failed logins is left.
      const app = await startServer({ RATE_LIMIT_MAX: "100000", UPSTREAM_API_URL: `${server.baseUrl}/api` });
      try {
        const attempt = () =>
          new BrowserClient(app.baseUrl).post("/demo/login?langId=en_GB", {
            username: "throttled-upstream",
            password: "wrong-password",
            privacy: "on",
          });
        for (let n = 0; n < 10; n++) expect((await attempt()).status, `attempt ${n + 1}`).toBe(401);
        const throttled = await attempt();
        expect(throttled.status).toBe(429);
        expect(throttled.text).toContain("Too many attempts.");
        expect(throttled.text).toContain('value="throttled-upstream"');
        // A password longer than the upstream reads (200 characters; the form takes 500) matches no account.
        const long = await new BrowserClient(app.baseUrl).post("/demo/login?langId=en_GB", {
          username: "someone-else",
          password: "Aa1-".repeat(60),
          privacy: "on",
        });
        expect(long.status).toBe(401);
        expect(long.text).toContain("Username or password incorrect");
        expect(long.text).toContain('value="someone-else"');
      } finally {
        await app.stop();
      }
    },
  );
});
