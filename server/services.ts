import path from "node:path";
import type { Socket } from "node:net";
import { isIP } from "node:net";
import type { Logger } from "pino";
import type { AppServices } from "../app/context";
import { createStackMapper } from "../app/errors/client-stack.server";
import { createAppSessionStorage, ANONYMOUS_IDLE_TIMEOUT_S } from "../app/session/session.server";
import { createLanguageCookie } from "../app/session/language.server";
import { createRedisSessionStore, createSqliteSessionStore, type SessionRecordStore } from "../app/session/store.server";
import { createDraftStore } from "../app/assessment/draft-store.server";
import { createHoneypot } from "../app/forms/honeypot.server";
import { createUpstreamTransport } from "../app/upstream/transport.server";
import { VISITOR_ADDRESS_HEADER } from "../app/upstream/visitor-address";
import { CLIENT_REPORTS_PER_MINUTE } from "../app/errors/report-budget";
import { createEmbeddedApi, type EmbeddedApi, type EmbeddedApiOptions } from "../api/index";
import { scaledRecruiterLimits } from "../api/recruiter/limits";
import type { CreateServerOptions } from "./app";
import type { ServerConfig } from "./env";
import { InProcessDispatcher } from "./in-process-upstream";
import { createRedisRateLimiter, createSqliteRateLimiter } from "./rate-limit";
import { connectRedis } from "./redis";

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** What the services need to know of the listeners, which exist only after the services do. */
export interface ListenerFacts {
  /** The server's own origin once it listens (mailed links of the embedded API); "" before. */
  publicBaseUrl(): string;
  /** Whether a connection came in on the app's internal loopback listener (decision 103). */
  isInternal(socket: Socket): boolean;
}

/** The process-wide services and the stores behind them, with what the shutdown needs to end them. */
export interface ServerResources {
  services: AppServices;
  store: SessionRecordStore;
  embeddedApi: EmbeddedApi | undefined;
  /** The embedded API's calls in memory (decision 191); lifecycle.listen hands it the app. */
  inProcessUpstream: InProcessDispatcher | undefined;
  /** Stops the periodic purge of expired sessions (the first step of the shutdown). */
  stopPurge(): void;
  /** Closes the upstream client, the embedded API and the stores, once no request needs them any more. */
  close(): Promise<void>;
}

/** Connects the session store (Redis or SQLite), builds AppServices and, if configured, the embedded API. */
export async function createServerResources(
  config: ServerConfig,
  options: CreateServerOptions,
  logger: Logger,
  listeners: ListenerFacts,
): Promise<ServerResources> {
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, logger) : undefined;
  const store: SessionRecordStore = redis ? createRedisSessionStore(redis) : createSqliteSessionStore(config.DATABASE_PATH);
  const purge = () =>
    store
      .purgeExpired(Date.now())
      .then((removed) => removed > 0 && logger.info({ removed }, "expired sessions purged"))
      .catch((error) => logger.error({ err: error }, "session purge failed"));
  await purge();
  const purgeTimer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  purgeTimer.unref();

  const cookieOptions = { secrets: config.SESSION_SECRET.split(",").map((secret) => secret.trim()), secure: config.COOKIE_SECURE };
  const sessionStorage = createAppSessionStorage(store, cookieOptions, {
    idleTimeoutS: config.SESSION_IDLE_TIMEOUT_S,
    // R-CON-04's 15 minutes, unless the general idle time-out is shorter (anonymous sessions never outlast regular ones).
    anonymousIdleTimeoutS: Math.min(ANONYMOUS_IDLE_TIMEOUT_S, config.SESSION_IDLE_TIMEOUT_S),
    absoluteTimeoutS: config.SESSION_ABSOLUTE_TIMEOUT_S,
  });

  // Attempt counters shared by every instance: in Redis, else next to the SQLite sessions.
  const sqliteRateLimiter = redis
    ? undefined
    : createSqliteRateLimiter(config.DATABASE_PATH, config.RATE_LIMIT_MAX, config.RATE_LIMIT_WINDOW_S);
  const rateLimiter = redis ? createRedisRateLimiter(redis, config.RATE_LIMIT_MAX, config.RATE_LIMIT_WINDOW_S) : sqliteRateLimiter!;
  // Browser error reports per client and minute (decision 103): the same store, a window of its own.
  const sqliteReportLimiter = redis ? undefined : createSqliteRateLimiter(config.DATABASE_PATH, CLIENT_REPORTS_PER_MINUTE, 60);
  const clientErrorLimiter = redis
    ? createRedisRateLimiter(redis, CLIENT_REPORTS_PER_MINUTE, 60, "ratelimit:client-errors:")
    : sqliteReportLimiter!;

  const inProcessUpstream = config.embeddedApi ? new InProcessDispatcher() : undefined;
  const services: AppServices = {
    sessionStorage,
    languageCookie: createLanguageCookie(cookieOptions),
    // Drafts share the session store's backend (and its purge of expired records).
    draftStore: createDraftStore(store),
    upstreamBaseUrl: config.UPSTREAM_API_URL ?? "",
    upstreamPublicOrigin: config.UPSTREAM_API_URL ? new URL(config.UPSTREAM_API_URL).origin : null,
    upstream: createUpstreamTransport({
      dispatcher: inProcessUpstream,
      budgets: {
        connectMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
        pageMs: config.UPSTREAM_TIMEOUT_MS,
        credentialMs: config.UPSTREAM_CREDENTIAL_TIMEOUT_MS,
        assetMs: config.ASSET_TIMEOUT_MS,
      },
      breaker: { failures: config.UPSTREAM_BREAKER_FAILURES, cooldownMs: config.UPSTREAM_BREAKER_COOLDOWN_MS },
      logger: logger.child({ component: "upstream" }),
    }),
    configCacheTtlS: config.CONFIG_CACHE_TTL_S,
    compressionLevel: config.COMPRESSION_LEVEL,
    isProduction: config.isProduction,
    configCache: new Map(),
    rateLimiter,
    clientErrorLimiter,
    honeypot: createHoneypot({ secret: config.SESSION_SECRET, minFillMs: config.HONEYPOT_MIN_FILL_MS }),
    sentryEnabled: Boolean(config.SENTRY_DSN),
    release: options.release ?? "dev",
    stackMapper: createStackMapper({
      mapsDir: options.clientSourceMapsDir ?? path.join(path.dirname(options.clientDir), "sourcemaps", "client"),
    }),
    sentryClientStacks: config.SENTRY_CLIENT_STACKS,
    faultInjection: config.FAULT_INJECTION,
  };

  const embeddedApi = config.embeddedApi ? await startEmbeddedApi(config, logger, listeners) : undefined;

  return {
    services,
    store,
    embeddedApi,
    inProcessUpstream,
    stopPurge: () => clearInterval(purgeTimer),
    async close() {
      await services.upstream.close();
      await embeddedApi?.close();
      await store.close();
      sqliteRateLimiter?.close();
      sqliteReportLimiter?.close();
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}

/** The embedded API's settings that come straight from the configuration (also the API fuzzing's, tests/fuzz). */
export function embeddedApiSettings(
  config: ServerConfig,
): Pick<EmbeddedApiOptions, "databasePath" | "tokenTtlS" | "tokenAbsoluteTtlS" | "bodyLimitBytes" | "scryptLog2N" | "requestLimits"> {
  return {
    databasePath: config.API_DATABASE_PATH,
    tokenTtlS: config.API_TOKEN_TTL_S,
    tokenAbsoluteTtlS: config.API_TOKEN_ABSOLUTE_TTL_S,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    scryptLog2N: config.API_SCRYPT_LOG2_N,
    requestLimits: {
      clientMax: config.API_RATE_LIMIT_CLIENT_MAX,
      clientWindowS: config.API_RATE_LIMIT_CLIENT_WINDOW_S,
      targetMax: config.API_RATE_LIMIT_TARGET_MAX,
      targetWindowS: config.API_RATE_LIMIT_TARGET_WINDOW_S,
    },
  };
}

async function startEmbeddedApi(config: ServerConfig, logger: Logger, listeners: ListenerFacts): Promise<EmbeddedApi> {
  const embeddedApi = await createEmbeddedApi({
    ...embeddedApiSettings(config),
    smtpUrl: config.SMTP_URL,
    appBaseUrl: () => config.APP_BASE_URL ?? listeners.publicBaseUrl(),
    logger: logger.child({ component: "embedded-api" }),
    demoMode: config.DEMO_MODE,
    recruiterLimits: scaledRecruiterLimits(config.API_RECRUITER_LIMIT_PERCENT, config.API_RECRUITER_LIMIT_WINDOW_S),
    jobs: { intervalMs: config.API_JOBS_INTERVAL_S * 1000, retentionMonths: config.API_RETENTION_MONTHS },
    // The app's own calls arrive over its internal loopback listener, all from 127.0.0.1: there the
    // visitor's address the app names counts (decision 103). On the public listener the header is
    // ignored: a client cannot choose the address it counts against.
    clientAddress: (req) => {
      const named = listeners.isInternal(req.socket) ? req.get(VISITOR_ADDRESS_HEADER) : undefined;
      return named !== undefined && isIP(named) !== 0 ? named : (req.ip ?? req.socket.remoteAddress ?? "unknown");
    },
  });
  if (config.API_SCRYPT_LOG2_N < 17) {
    logger.warn({ scryptLog2N: config.API_SCRYPT_LOG2_N }, "API_SCRYPT_LOG2_N is below OWASP's 17: for test servers only");
  }
  return embeddedApi;
}
