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
});
