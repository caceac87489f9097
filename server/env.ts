import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";

/**
 * Every setting of the server comes from an environment variable, validated here once at start.
 * A bad value stops the process with one line that names the variable (see parseEnv).
 */

const booleanFromString = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    errorMap: () => ({ message: "must be true or false" }),
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** A whole number in [min, max]; the messages default to "must be a whole number", "at least", "at most". */
const wholeNumber = (min: number, max: number, messages: { type?: string; min?: string; max?: string } = {}) => {
  const type = messages.type ?? "must be a whole number";
  return z.coerce
    .number({ invalid_type_error: type })
    .int(type)
    .min(min, messages.min ?? `must be at least ${min}`)
    .max(max, messages.max ?? `must be at most ${max}`);
};

const positiveInt = (max: number) => wholeNumber(1, max);

/** A small range named in every message ("must be a whole number from 0 to 9"). */
const wholeNumberFrom = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return wholeNumber(min, max, { type: message, min: message, max: message });
};

/** A share from 0 to 1 ("0.05"). */
const fraction = () => {
  const message = "must be a number from 0 to 1";
  return z.coerce.number({ invalid_type_error: message }).min(0, message).max(1, message);
};

const httpUrl = z
  .string()
  .url("must be an absolute http(s) URL")
  .refine((value) => /^https?:\/\//.test(value), "must be an absolute http(s) URL")
  .transform((value) => value.replace(/\/+$/, ""));

/** Names Express's `trust proxy` understands in a list (proxy-addr). */
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address (X-Forwarded-For), as Express's `trust proxy`:
 * `false` (none: the socket's address counts), a hop count (the n proxies nearest to us), or a
 * comma-separated list of proxy addresses/CIDRs (and loopback, linklocal, uniquelocal).
 * `true` trusts every hop, so the leftmost X-Forwarded-For entry, which the client writes itself,
 * would count: refused in production (parseEnv).
 */
export type TrustProxy = boolean | number | string[];

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const lower = value.toLowerCase();
  if (["false", "no", "0"].includes(lower)) return false;
  if (["true", "yes"].includes(lower)) return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "a hop count must be at most 100" });
      return z.NEVER;
    }
    return hops;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  const invalid = entries.find((entry) => !isProxyAddress(entry));
  if (invalid !== undefined) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `must be false, a hop count, or a comma-separated list of proxy addresses/CIDRs ("${invalid}" is none of them)`,
    });
    return z.NEVER;
  }
  return entries;
});

const envSchema = z.object({
  NODE_ENV: z
    .enum(["production", "development", "test"], {
      errorMap: () => ({ message: "must be production, development or test" }),
    })
    .default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: wholeNumber(0, 65535, {
    type: "must be a port number",
    min: "must be between 0 and 65535",
    max: "must be between 0 and 65535",
  }).default(3000),
  /**
   * Comma-separated for a rotation (the first signs, every one verifies): each one at least 32 characters, so that a
   * stray comma cannot make an empty string a key anyone can sign cookies with (README, configuration; DESIGN §8).
   */
  SESSION_SECRET: z
    .string()
    .refine(
      (value) => value.split(",").every((secret) => secret.trim().length >= 32),
      "must be at least 32 characters long, and so must each secret of a comma-separated list",
    )
    .optional(),
  UPSTREAM_API_URL: httpUrl.optional(),
  /** Budgets of upstream calls (decision 098): connect, page loads, password calls, assets and report. */
  UPSTREAM_CONNECT_TIMEOUT_MS: positiveInt(60_000).default(1000),
  UPSTREAM_TIMEOUT_MS: positiveInt(600_000).default(5000),
  UPSTREAM_CREDENTIAL_TIMEOUT_MS: positiveInt(600_000).default(15_000),
  ASSET_TIMEOUT_MS: positiveInt(600_000).default(120_000),
  /** Consecutive upstream calls without an answer that open the circuit breaker; 0 = no breaker. */
  UPSTREAM_BREAKER_FAILURES: wholeNumber(0, 1000, { min: "must be 0 (off) or more" }).default(5),
  UPSTREAM_BREAKER_COOLDOWN_MS: positiveInt(600_000).default(10_000),
  DATABASE_PATH: z.string().min(1).default("./data/app.db"),
  API_DATABASE_PATH: z.string().min(1).default("./data/api.db"),
  API_TOKEN_TTL_S: positiveInt(31_536_000).default(3600),
  /** Until when an expired access token may still be refreshed (embedded API). */
  API_TOKEN_ABSOLUTE_TTL_S: positiveInt(31_536_000).default(43_200),
  /**
   * The local demo (docs/decisions/090): the embedded API seeds the demo users with their public
   * passwords and serves /api/dev/* (mail outbox, test helpers). Never in a deployment.
   */
  DEMO_MODE: booleanFromString.default("false"),
  /**
   * Test servers only (docs/decisions/178): `?fault=server` or `?fault=client` on a page makes the root route's
   * FaultProbe throw while the server or the browser renders, so a journey can follow a real component's failure to
   * the error page and the report support reads. Only with DEMO_MODE, which no deployment sets.
   */
  FAULT_INJECTION: booleanFromString.default("false"),
  APP_BASE_URL: httpUrl.optional(),
  SMTP_URL: z.string().url("must be an smtp:// or smtps:// URL").optional(),
  /** Sessions, form drafts and rate-limit counters in Redis, shared by every app instance (docs/decisions/097). */
  REDIS_URL: z
    .string()
    .url("must be a redis:// or rediss:// URL")
    .refine((value) => /^rediss?:\/\//.test(value), "must be a redis:// or rediss:// URL")
    .optional(),
  SENTRY_DSN: z.string().url("must be a Sentry DSN URL").optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  /**
   * Browser stacks on Sentry events (decision 174): `mapped` (default) in original source, mapped by the server;
   * `bundle` as the browser sent them, for Sentry to symbolicate with maps uploaded by `npm run sentry:sourcemaps`.
   * The log line is mapped either way.
   */
  /**
   * The share of requests traced (decision 177): the page's request, its loaders and actions, each upstream call
   * (which carries `sentry-trace` and `baggage`, so a backend that uses Sentry joins the trace) and the render.
   * 0 (default) traces nothing. Read by instrument.server.ts before this validation runs.
   */
  SENTRY_TRACES_SAMPLE_RATE: fraction().default(0),
  SENTRY_CLIENT_STACKS: z.enum(["mapped", "bundle"], { message: "must be mapped or bundle" }).default("mapped"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      errorMap: () => ({ message: "must be one of fatal, error, warn, info, debug, trace, silent" }),
    })
    .default("info"),
  SESSION_IDLE_TIMEOUT_S: positiveInt(604_800).default(3600),
  SESSION_ABSOLUTE_TIMEOUT_S: positiveInt(2_592_000).default(43_200),
  COOKIE_SECURE: booleanFromString.optional(),
  TRUST_PROXY: trustProxy.default("false"),
  BODY_LIMIT_BYTES: positiveInt(50 * 1024 * 1024).default(1024 * 1024),
  /**
   * zlib level of the gzip/deflate responses (decision 106): 1 costs a fraction of the default 6's CPU
   * for documents a few percent larger; 0 switches response compression off (a proxy compresses).
   */
  COMPRESSION_LEVEL: wholeNumberFrom(0, 9).default(1),
  CONFIG_CACHE_TTL_S: wholeNumber(0, 86_400, { min: "must be 0 or more" }).default(60),
  SHUTDOWN_TIMEOUT_MS: positiveInt(120_000).default(10_000),
  RATE_LIMIT_MAX: positiveInt(100_000).default(10),
  /**
   * The honeypot of the public forms (docs/decisions/130): a form posted sooner than this after it was
   * served is refused as a bot's. 0 checks only that the time stamp is genuine and not in the future.
   */
  HONEYPOT_MIN_FILL_MS: wholeNumber(0, 60_000, {
    type: "must be a whole number of milliseconds",
    min: "must be 0 (no minimum) or more",
  }).default(500),
  RATE_LIMIT_WINDOW_S: positiveInt(86_400).default(300),
  /**
   * The embedded API's limits of resetPassword*, register, registerAnon and the newsletter sign-up
   * (docs/decisions/103): calls per client address and kind of call, and per target e-mail / user name.
   */
  API_RATE_LIMIT_CLIENT_MAX: positiveInt(1_000_000).default(30),
  API_RATE_LIMIT_CLIENT_WINDOW_S: positiveInt(86_400).default(600),
  API_RATE_LIMIT_TARGET_MAX: positiveInt(1_000_000).default(5),
  API_RATE_LIMIT_TARGET_WINDOW_S: positiveInt(86_400).default(3600),
  /**
   * The embedded API's limits of recruiter calls (docs/decisions/171: exports, report PDFs, continue
   * codes, imports, creations, mails per recruiter and per customer), in percent of their defaults,
   * and their window.
   */
  API_RECRUITER_LIMIT_PERCENT: positiveInt(1_000_000).default(100),
  API_RECRUITER_LIMIT_WINDOW_S: positiveInt(86_400).default(600),
  /**
   * The embedded API's scrypt cost as log2(N) (docs/decisions/092): 17 is OWASP's. Lower only for
   * test servers, which sign in thousands of times; a start below 17 says so in the log.
   */
  API_SCRYPT_LOG2_N: wholeNumberFrom(10, 20).default(17),
  /**
   * The embedded API's scheduled jobs (docs/decisions/186, 187): how often each instance runs the reminders and the
   * retention erasure, and the retention period of customers whose configuration sets none (0: none).
   */
  API_JOBS_INTERVAL_S: wholeNumber(10, 86_400, { min: "must be at least 10 (seconds)", max: "must be at most 86400 (a day)" }).default(900),
  API_RETENTION_MONTHS: wholeNumber(0, 120, { min: "must be 0 (no retention period) or more", max: "must be at most 120" }).default(0),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface ServerConfig extends Omit<RawEnv, "SESSION_SECRET" | "COOKIE_SECURE"> {
  SESSION_SECRET: string;
  COOKIE_SECURE: boolean;
  isProduction: boolean;
  embeddedApi: boolean;
  warnings: string[];
}

export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvError";
  }
}

/** Empty strings count as unset: `FOO=` in a compose file must not become an invalid value. */
function withoutEmpty(source: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value.trim() !== "") result[key] = value.trim();
  }
  return result;
}

export function parseEnv(source: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    const given = source[name];
    const shown = name.includes("SECRET") || given === undefined ? "" : ` (got "${given}")`;
    throw new EnvError(`Invalid environment variable ${name}: ${issue.message}${shown}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const warnings: string[] = [];
  if (env.DEMO_MODE && env.UPSTREAM_API_URL !== undefined) {
    throw new EnvError(
      "Invalid environment variable DEMO_MODE: demo mode runs the embedded API with its demo accounts; it cannot be combined with UPSTREAM_API_URL",
    );
  }
  if (env.FAULT_INJECTION && !env.DEMO_MODE) {
    throw new EnvError("Invalid environment variable FAULT_INJECTION: test servers only; it needs DEMO_MODE=true");
  }
  let secret = env.SESSION_SECRET;
  if (!secret) {
    if (isProduction) {
      throw new EnvError("Invalid environment variable SESSION_SECRET: required in production (at least 32 random characters)");
    }
    secret = randomBytes(32).toString("base64url");
    warnings.push("SESSION_SECRET is not set: using a random secret for this process (sessions end at restart). Set it in production.");
  }
  if (env.TRUST_PROXY === true) {
    if (isProduction) {
      throw new EnvError(
        "Invalid environment variable TRUST_PROXY: true trusts the client-written X-Forwarded-For; give the hop count of the proxies in front of the app (e.g. 1) or their addresses",
      );
    }
    warnings.push("TRUST_PROXY=true trusts every X-Forwarded-For entry: the client address is spoofable. Use a hop count in production.");
  }
  return {
    ...env,
    SESSION_SECRET: secret,
    COOKIE_SECURE: env.COOKIE_SECURE ?? isProduction,
    isProduction,
    embeddedApi: env.UPSTREAM_API_URL === undefined,
    warnings,
  };
}
