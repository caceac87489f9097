import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../../server/env";

const secret = "x".repeat(40);

describe("environment validation", () => {
  it("applies defaults", () => {
    const config = parseEnv({ SESSION_SECRET: secret });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_PATH).toBe("./data/app.db");
    expect(config.embeddedApi).toBe(true);
    expect(config.isProduction).toBe(true);
    expect(config.COOKIE_SECURE).toBe(true);
  });

  it("DESIGN §8: each secret of a SESSION_SECRET rotation list is at least 32 characters; no empty key from a stray comma", () => {
    const other = "y".repeat(32);
    expect(parseEnv({ SESSION_SECRET: `${secret}, ${other}` }).SESSION_SECRET).toBe(`${secret}, ${other}`);
    for (const value of [`${secret},`, `,${secret}`, `${secret},,${other}`, `${secret},short`, "x".repeat(31)]) {
      expect(() => parseEnv({ SESSION_SECRET: value }), value).toThrow(/SESSION_SECRET: must be at least 32 characters long/);
    }
  });

  it("R-API-04 upstream budgets and breaker: page 1 s connect / 5 s total, passwords 15 s, assets 120 s, open after 5 (decision 098)", () => {
    const config = parseEnv({ SESSION_SECRET: secret });
    expect([
      config.UPSTREAM_CONNECT_TIMEOUT_MS,
      config.UPSTREAM_TIMEOUT_MS,
      config.UPSTREAM_CREDENTIAL_TIMEOUT_MS,
      config.ASSET_TIMEOUT_MS,
    ]).toEqual([1000, 5000, 15_000, 120_000]);
    expect([config.UPSTREAM_BREAKER_FAILURES, config.UPSTREAM_BREAKER_COOLDOWN_MS]).toEqual([5, 10_000]);
    expect(parseEnv({ SESSION_SECRET: secret, UPSTREAM_BREAKER_FAILURES: "0" }).UPSTREAM_BREAKER_FAILURES).toBe(0);
    expect(() => parseEnv({ SESSION_SECRET: secret, UPSTREAM_BREAKER_FAILURES: "-1" })).toThrow(
      /UPSTREAM_BREAKER_FAILURES: must be 0 \(off\) or more/,
    );
    expect(() => parseEnv({ SESSION_SECRET: secret, UPSTREAM_CONNECT_TIMEOUT_MS: "0" })).toThrow(/UPSTREAM_CONNECT_TIMEOUT_MS/);
  });

  it("decision 103: the embedded API's request limits: 30 per client in 10 minutes, 5 per target in an hour; at least 1", () => {
    const config = parseEnv({ SESSION_SECRET: secret });
    expect([config.API_RATE_LIMIT_CLIENT_MAX, config.API_RATE_LIMIT_CLIENT_WINDOW_S]).toEqual([30, 600]);
    expect([config.API_RATE_LIMIT_TARGET_MAX, config.API_RATE_LIMIT_TARGET_WINDOW_S]).toEqual([5, 3600]);
    expect(parseEnv({ SESSION_SECRET: secret, API_RATE_LIMIT_TARGET_MAX: "20" }).API_RATE_LIMIT_TARGET_MAX).toBe(20);
    expect(() => parseEnv({ SESSION_SECRET: secret, API_RATE_LIMIT_CLIENT_MAX: "0" })).toThrow(
      /API_RATE_LIMIT_CLIENT_MAX: must be at least 1/,
    );
    expect(() => parseEnv({ SESSION_SECRET: secret, API_RATE_LIMIT_TARGET_WINDOW_S: "1h" })).toThrow(/API_RATE_LIMIT_TARGET_WINDOW_S/);
  });

  it("decision 130: HONEYPOT_MIN_FILL_MS: 500 ms unless set, 0 to 60000", () => {
    expect(parseEnv({ SESSION_SECRET: secret }).HONEYPOT_MIN_FILL_MS).toBe(500);
    expect(parseEnv({ SESSION_SECRET: secret, HONEYPOT_MIN_FILL_MS: "0" }).HONEYPOT_MIN_FILL_MS).toBe(0);
    expect(() => parseEnv({ SESSION_SECRET: secret, HONEYPOT_MIN_FILL_MS: "-1" })).toThrow(
      /HONEYPOT_MIN_FILL_MS: must be 0 \(no minimum\) or more/,
    );
    expect(() => parseEnv({ SESSION_SECRET: secret, HONEYPOT_MIN_FILL_MS: "60001" })).toThrow(
      /HONEYPOT_MIN_FILL_MS: must be at most 60000/,
    );
    expect(() => parseEnv({ SESSION_SECRET: secret, HONEYPOT_MIN_FILL_MS: "1s" })).toThrow(/HONEYPOT_MIN_FILL_MS/);
  });

  it("decisions 186, 187: the scheduled jobs every 900 s unless set (10 s to a day), no retention period unless set (0 to 120 months)", () => {
    const config = parseEnv({ SESSION_SECRET: secret });
    expect([config.API_JOBS_INTERVAL_S, config.API_RETENTION_MONTHS]).toEqual([900, 0]);
    expect(parseEnv({ SESSION_SECRET: secret, API_RETENTION_MONTHS: "6" }).API_RETENTION_MONTHS).toBe(6);
    expect(() => parseEnv({ SESSION_SECRET: secret, API_JOBS_INTERVAL_S: "5" })).toThrow(/API_JOBS_INTERVAL_S: must be at least 10/);
    expect(() => parseEnv({ SESSION_SECRET: secret, API_JOBS_INTERVAL_S: "86401" })).toThrow(/API_JOBS_INTERVAL_S: must be at most 86400/);
    expect(() => parseEnv({ SESSION_SECRET: secret, API_RETENTION_MONTHS: "-1" })).toThrow(/API_RETENTION_MONTHS: must be 0/);
    expect(() => parseEnv({ SESSION_SECRET: secret, API_RETENTION_MONTHS: "6m" })).toThrow(/API_RETENTION_MONTHS/);
  });

  it("decision 178: FAULT_INJECTION is off unless set, and only test servers (DEMO_MODE) may set it", () => {
    expect(parseEnv({ SESSION_SECRET: secret }).FAULT_INJECTION).toBe(false);
    expect(parseEnv({ SESSION_SECRET: secret, DEMO_MODE: "true", FAULT_INJECTION: "true" }).FAULT_INJECTION).toBe(true);
    expect(() => parseEnv({ SESSION_SECRET: secret, FAULT_INJECTION: "true" })).toThrow(
      /FAULT_INJECTION: test servers only; it needs DEMO_MODE=true/,
    );
  });

  it("decision 177: SENTRY_TRACES_SAMPLE_RATE: 0 (no tracing) unless set, a share from 0 to 1", () => {
    expect(parseEnv({ SESSION_SECRET: secret }).SENTRY_TRACES_SAMPLE_RATE).toBe(0);
    expect(parseEnv({ SESSION_SECRET: secret, SENTRY_TRACES_SAMPLE_RATE: "" }).SENTRY_TRACES_SAMPLE_RATE).toBe(0);
    expect(parseEnv({ SESSION_SECRET: secret, SENTRY_TRACES_SAMPLE_RATE: "0.05" }).SENTRY_TRACES_SAMPLE_RATE).toBe(0.05);
    expect(parseEnv({ SESSION_SECRET: secret, SENTRY_TRACES_SAMPLE_RATE: "1" }).SENTRY_TRACES_SAMPLE_RATE).toBe(1);
    for (const bad of ["5%", "1.5", "-0.1", "all"]) {
      expect(() => parseEnv({ SESSION_SECRET: secret, SENTRY_TRACES_SAMPLE_RATE: bad }), bad).toThrow(
        /SENTRY_TRACES_SAMPLE_RATE: must be a number from 0 to 1/,
      );
    }
  });

  it("decision 106: COMPRESSION_LEVEL: zlib level 1 unless set, 0 (off) to 9", () => {
    expect(parseEnv({ SESSION_SECRET: secret }).COMPRESSION_LEVEL).toBe(1);
    expect(parseEnv({ SESSION_SECRET: secret, COMPRESSION_LEVEL: "0" }).COMPRESSION_LEVEL).toBe(0);
    expect(parseEnv({ SESSION_SECRET: secret, COMPRESSION_LEVEL: "6" }).COMPRESSION_LEVEL).toBe(6);
    expect(() => parseEnv({ SESSION_SECRET: secret, COMPRESSION_LEVEL: "10" })).toThrow(
      /COMPRESSION_LEVEL: must be a whole number from 0 to 9/,
    );
    expect(() => parseEnv({ SESSION_SECRET: secret, COMPRESSION_LEVEL: "fast" })).toThrow(
      /COMPRESSION_LEVEL: must be a whole number from 0 to 9/,
    );
  });

  it("a bad value names the variable in one line", () => {
    expect(() => parseEnv({ SESSION_SECRET: secret, PORT: "abc" })).toThrow(EnvError);
    expect(() => parseEnv({ SESSION_SECRET: secret, PORT: "abc" })).toThrow(/^Invalid environment variable PORT: .*"abc"/);
    expect(() => parseEnv({ SESSION_SECRET: secret, UPSTREAM_API_URL: "ftp://x" })).toThrow(/UPSTREAM_API_URL/);
    expect(() => parseEnv({ SESSION_SECRET: secret, LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: must be at least 32/);
  });

  it("the secret's value is never echoed", () => {
    try {
      parseEnv({ SESSION_SECRET: "short-secret-value" });
    } catch (error) {
      expect((error as Error).message).not.toContain("short-secret-value");
    }
  });

  it("production requires SESSION_SECRET; development falls back with a warning", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: required in production/);
    const config = parseEnv({ NODE_ENV: "development" });
    expect(config.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(config.warnings.join(" ")).toMatch(/SESSION_SECRET is not set/);
  });

  it("an upstream URL switches the embedded API off and loses its trailing slash", () => {
    const config = parseEnv({ SESSION_SECRET: secret, UPSTREAM_API_URL: "https://backend.example.com/api/" });
    expect(config.embeddedApi).toBe(false);
    expect(config.UPSTREAM_API_URL).toBe("https://backend.example.com/api");
  });

  it("empty values count as unset", () => {
    expect(parseEnv({ SESSION_SECRET: secret, UPSTREAM_API_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it("decision 094: TRUST_PROXY takes a hop count or proxy addresses like Express's trust proxy", () => {
    const parse = (value: string) => parseEnv({ SESSION_SECRET: secret, TRUST_PROXY: value }).TRUST_PROXY;
    expect(parseEnv({ SESSION_SECRET: secret }).TRUST_PROXY).toBe(false);
    expect(parse("false")).toBe(false);
    expect(parse("0")).toBe(false);
    expect(parse("1")).toBe(1);
    expect(parse("2")).toBe(2);
    expect(parse("10.0.0.1")).toEqual(["10.0.0.1"]);
    expect(parse("loopback, 10.0.0.0/8,fd00::/8")).toEqual(["loopback", "10.0.0.0/8", "fd00::/8"]);
    expect(() => parse("10.0.0.0/33")).toThrow(/^Invalid environment variable TRUST_PROXY: .*"10.0.0.0\/33"/);
    expect(() => parse("proxy.example.com")).toThrow(/TRUST_PROXY/);
    expect(() => parse("1.2.3")).toThrow(/TRUST_PROXY/);
    expect(() => parse("1000")).toThrow(/TRUST_PROXY: a hop count must be at most 100/);
  });

  it("decision 094: TRUST_PROXY=true (leftmost X-Forwarded-For, spoofable) is refused in production, a warning elsewhere", () => {
    expect(() => parseEnv({ SESSION_SECRET: secret, TRUST_PROXY: "true" })).toThrow(
      /^Invalid environment variable TRUST_PROXY: .*hop count/,
    );
    const development = parseEnv({ NODE_ENV: "development", SESSION_SECRET: secret, TRUST_PROXY: "true" });
    expect(development.TRUST_PROXY).toBe(true);
    expect(development.warnings.join(" ")).toMatch(/TRUST_PROXY=true .* spoofable/);
  });
});

describe("decision 090: DEMO_MODE", () => {
  it("is off unless set; true turns it on", () => {
    expect(parseEnv({ SESSION_SECRET: secret }).DEMO_MODE).toBe(false);
    expect(parseEnv({ SESSION_SECRET: secret, DEMO_MODE: "true" }).DEMO_MODE).toBe(true);
    expect(parseEnv({ SESSION_SECRET: secret, DEMO_MODE: "" }).DEMO_MODE).toBe(false);
    expect(() => parseEnv({ SESSION_SECRET: secret, DEMO_MODE: "sure" })).toThrow(
      /^Invalid environment variable DEMO_MODE: must be true or false/,
    );
  });

  it("cannot be combined with UPSTREAM_API_URL (one line naming both)", () => {
    expect(() => parseEnv({ SESSION_SECRET: secret, DEMO_MODE: "true", UPSTREAM_API_URL: "https://backend.example.com/api" })).toThrow(
      /^Invalid environment variable DEMO_MODE: .*UPSTREAM_API_URL$/,
    );
    expect(parseEnv({ SESSION_SECRET: secret, DEMO_MODE: "false", UPSTREAM_API_URL: "https://backend.example.com/api" }).embeddedApi).toBe(
      false,
    );
  });

  it("decision 097: REDIS_URL must be a redis:// or rediss:// URL", () => {
    expect(parseEnv({ SESSION_SECRET: secret, REDIS_URL: "redis://127.0.0.1:6379/0" }).REDIS_URL).toBe("redis://127.0.0.1:6379/0");
    expect(parseEnv({ SESSION_SECRET: secret, REDIS_URL: "rediss://cache.example.com:6380" }).REDIS_URL).toBe(
      "rediss://cache.example.com:6380",
    );
    expect(() => parseEnv({ SESSION_SECRET: secret, REDIS_URL: "http://cache.example.com" })).toThrow(
      /^Invalid environment variable REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => parseEnv({ SESSION_SECRET: secret, REDIS_URL: "localhost:6379" })).toThrow(/REDIS_URL/);
  });
});
