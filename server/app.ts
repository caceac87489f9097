import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { isIP, Server as NetServer, type AddressInfo, type Socket } from "node:net";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger, SerializedRequest, SerializedResponse } from "pino";
import { pinoHttp } from "pino-http";
import type { AppServices } from "../app/context";
import { createStackMapper } from "../app/errors/client-stack.server";
import { redactUrl } from "../app/errors/redact";
import { customerOfPath } from "../app/errors/customer-segment";
import { routeIdFor, withCatalogueErrors } from "../app/errors/route-errors.server";
import { createAppSessionStorage, ANONYMOUS_IDLE_TIMEOUT_S } from "../app/session/session.server";
import { createLanguageCookie } from "../app/session/language.server";
import { createRedisSessionStore, createSqliteSessionStore, type SessionRecordStore } from "../app/session/store.server";
import { createDraftStore } from "../app/assessment/draft-store.server";
import { createHoneypot } from "../app/forms/honeypot.server";
import { createUpstreamTransport, UPSTREAM_KEEP_ALIVE_MS } from "../app/upstream/transport.server";
import { VISITOR_ADDRESS_HEADER } from "../app/upstream/visitor-address";
import { CLIENT_REPORTS_PER_MINUTE } from "../app/errors/report-budget";
import { createEmbeddedApi, type EmbeddedApi } from "../api/index";
import { scaledRecruiterLimits } from "../api/recruiter/limits";
import type { ServerConfig } from "./env";
import { createLogger } from "./logger";
import { plainErrorPage } from "./plain-page";
import { createRedisRateLimiter, createSqliteRateLimiter } from "./rate-limit";
import { staticWithPrecompressed } from "./static-assets";
import { connectRedis } from "./redis";
import { isCrossSiteRequest, isForeignOriginDataRequest, securityHeaders } from "./security";

export interface AppServer {
  app: express.Express;
  services: AppServices;
  logger: Logger;
  /** Listens on HOST:PORT; resolves with the bound port (PORT=0 picks a free one). */
  listen(): Promise<number>;
  /** Graceful stop: no new connections, in-flight requests finish, stores close. */
  close(): Promise<void>;
}

export interface CreateServerOptions {
  /** The Remix server build, or a loader for it (dev: Vite's SSR module). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of the client build (build/client). */
  clientDir: string;
  /** Vite dev middleware (development only). */
  viteMiddleware?: express.RequestHandler;
  logger?: Logger;
  release?: string;
  /**
   * The client build's hidden source maps (docs/decisions/174); by default `sourcemaps/client` beside the client
   * build, where scripts/build-server.mjs moves them.
   */
  clientSourceMapsDir?: string;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;
/** The internal listener's keep-alive: a minute past the upstream client's own (UPSTREAM_KEEP_ALIVE_MS). */
const INTERNAL_KEEP_ALIVE_MS = UPSTREAM_KEEP_ALIVE_MS + 60_000;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;
/** After SIGTERM, how long a connection without a request is left before it counts as idle (decision 099). */
const IDLE_GRACE_MS = 100;
/** An oversized body up to this size is read and discarded before the 413 is sent (see refuseOversizedBody). */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 10_000;

export async function createAppServer(config: ServerConfig, options: CreateServerOptions): Promise<AppServer> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  for (const warning of config.warnings) logger.warn(warning);

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

  let embeddedApi: EmbeddedApi | undefined;
  /** The server's own origin once it listens (mailed links of the embedded API). */
  let publicBaseUrl = "";
  const services: AppServices = {
    sessionStorage,
    languageCookie: createLanguageCookie(cookieOptions),
    // Drafts share the session store's backend (and its purge of expired records).
    draftStore: createDraftStore(store),
    upstreamBaseUrl: config.UPSTREAM_API_URL ?? "",
    upstreamPublicOrigin: config.UPSTREAM_API_URL ? new URL(config.UPSTREAM_API_URL).origin : null,
    upstream: createUpstreamTransport({
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

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  let accepting = true;
  const inFlight = new Set<Response>();

  app.use((req, res, next) => {
    const incoming = req.get("X-Request-Id");
    const id = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    // Set by instrument.server.ts when Sentry is on (decision 177).
    (globalThis as { __SENTRY_REQUEST_ID__?: (id: string) => void }).__SENTRY_REQUEST_ID__?.(id);
    inFlight.add(res);
    res.on("close", () => inFlight.delete(res));
    if (!accepting) res.setHeader("Connection", "close");
    next();
  });

  // Request logs (DESIGN §8): one JSON line per request with the request id, customer, route id,
  // status and duration; upstream calls log their own lines with the same request id. Headers are
  // never logged, and link secrets in URLs are censored.
  app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => (res as unknown as Response).locals.requestId as string,
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" || Boolean(req.url?.startsWith("/assets/")) },
      // req.log in loaders carries the request id and customer, not the whole request on every line;
      // the request line gets the request as a field of its own (no logger per request just for it).
      quietReqLogger: true,
      quietResLogger: true,
      customSuccessObject: (req, res, loggable: Record<string, unknown>) => ({ ...requestLineFields(req as Request), ...loggable }),
      // A 5xx page is logged by whoever produced it (with the real error); pino-http's own
      // "failed with status code" stand-in only adds noise.
      customErrorObject: (req, res, error, loggable: Record<string, unknown>) => ({
        ...requestLineFields(req as Request),
        ...loggable,
        ...(error instanceof Error && error.message === `failed with status code ${res.statusCode}` ? { err: undefined } : {}),
      }),
      serializers: {
        req: (req: SerializedRequest) => ({
          id: req.id,
          method: req.method,
          url: redactUrl((req.raw as Partial<Request> | undefined)?.originalUrl ?? req.url),
          userAgent: req.headers?.["user-agent"],
        }),
        res: (res: SerializedResponse) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use((req, _res, next) => {
    const cstm = customerOfPath(req.path);
    if (cstm) req.log = req.log.child({ cstm });
    next();
  });

  // Level 1 by default (decision 106): the default 6 cost a fifth of a page's CPU for a few percent of size.
  if (config.COMPRESSION_LEVEL > 0) app.use(compression({ level: config.COMPRESSION_LEVEL }));

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });

  // Express 4 does not await handlers: a rejection goes to the error handler below, not nowhere.
  app.get("/readyz", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    Promise.all([store.ping(), upstreamReachable(services, config)])
      .then(([sessionStore, upstream]) => {
        const ready = accepting && sessionStore && upstream;
        const upstreamCircuit = services.upstream.circuit();
        res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not ready", accepting, sessionStore, upstream, upstreamCircuit });
      })
      .catch(next);
  });

  if (config.embeddedApi) {
    embeddedApi = await createEmbeddedApi({
      databasePath: config.API_DATABASE_PATH,
      tokenTtlS: config.API_TOKEN_TTL_S,
      tokenAbsoluteTtlS: config.API_TOKEN_ABSOLUTE_TTL_S,
      smtpUrl: config.SMTP_URL,
      appBaseUrl: () => config.APP_BASE_URL ?? publicBaseUrl,
      bodyLimitBytes: config.BODY_LIMIT_BYTES,
      logger: logger.child({ component: "embedded-api" }),
      demoMode: config.DEMO_MODE,
      scryptLog2N: config.API_SCRYPT_LOG2_N,
      requestLimits: {
        clientMax: config.API_RATE_LIMIT_CLIENT_MAX,
        clientWindowS: config.API_RATE_LIMIT_CLIENT_WINDOW_S,
        targetMax: config.API_RATE_LIMIT_TARGET_MAX,
        targetWindowS: config.API_RATE_LIMIT_TARGET_WINDOW_S,
      },
      recruiterLimits: scaledRecruiterLimits(config.API_RECRUITER_LIMIT_PERCENT, config.API_RECRUITER_LIMIT_WINDOW_S),
      jobs: { intervalMs: config.API_JOBS_INTERVAL_S * 1000, retentionMonths: config.API_RETENTION_MONTHS },
      // The app's own calls arrive over its internal loopback listener, all from 127.0.0.1: there the
      // visitor's address the app names counts (decision 103). On the public listener the header is
      // ignored: a client cannot choose the address it counts against.
      clientAddress: (req) => {
        const named = internalSockets.has(req.socket) ? req.get(VISITOR_ADDRESS_HEADER) : undefined;
        return named !== undefined && isIP(named) !== 0 ? named : (req.ip ?? req.socket.remoteAddress ?? "unknown");
      },
    });
    if (config.API_SCRYPT_LOG2_N < 17) {
      logger.warn({ scryptLog2N: config.API_SCRYPT_LOG2_N }, "API_SCRYPT_LOG2_N is below OWASP's 17: for test servers only");
    }
    app.use("/api", embeddedApi.router);
  }

  if (options.viteMiddleware) {
    app.use(options.viteMiddleware);
  } else {
    // Fingerprinted build assets never change: cache them for a year. Source maps are never served, not even where a
    // deployment put them beside the bundles: they get the answer of any missing file (docs/decisions/174).
    // Compressed at build time where the client accepts it (docs/decisions/180).
    const assets = staticWithPrecompressed(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false });
    app.use("/assets", (req, res, next) => {
      if (req.path.endsWith(".map")) next();
      else assets(req, res, next);
    });
    // The files at the root (favicon.svg, robots.txt) have a dot in their name; pages and their
    // directories never do, and asking the file system for each page load cost a stat per request.
    const rootFiles = staticWithPrecompressed(options.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => {
      if (req.path.slice(req.path.lastIndexOf("/")).includes(".")) rootFiles(req, res, next);
      else next();
    });
  }

  app.use(securityHeaders({ hsts: config.COOKIE_SECURE, frameSources: frameSources(config) }));

  // Body-size limit and CSRF check for everything Remix handles (DESIGN §8).
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    if (isCrossSiteRequest(req, req.get("host")) || isForeignOriginDataRequest(req)) {
      req.log.warn({ origin: req.get("origin"), fetchSite: req.get("sec-fetch-site") }, "cross-site POST refused");
      return plainErrorPage(req, res, 403);
    }
    const length = Number(req.get("content-length") ?? "0");
    if (!Number.isFinite(length) || length > config.BODY_LIMIT_BYTES) return refuseOversizedBody(req, res, length);
    if (req.get("transfer-encoding") && !req.get("content-length")) return plainErrorPage(req, res, 411);
    next();
  });

  /**
   * A client that is still uploading when the 413 arrives and the connection closes sees a reset
   * (EPIPE) instead of the page. A body of a size we can afford is read and thrown away first, so
   * the browser shows the translated page; anything larger is answered at once and cut off.
   */
  function refuseOversizedBody(req: Request, res: Response, length: number): void {
    if (!Number.isFinite(length) || length > DRAIN_LIMIT_BYTES) return plainErrorPage(req, res, 413);
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      plainErrorPage(req, res, 413);
    };
    const timer = setTimeout(answer, DRAIN_TIMEOUT_MS);
    timer.unref();
    req.on("end", answer);
    req.on("error", answer);
    req.on("close", answer);
    req.resume();
  }

  const remixHandler = createRequestHandler({
    // Every loader/action error leaves as a catalogue payload with the request id (app/errors).
    build: withCatalogueErrors(options.build),
    mode: config.isProduction ? "production" : "development",
    getLoadContext: (req, res) => ({
      requestId: res.locals.requestId as string,
      clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      cspNonce: res.locals.cspNonce as string,
      logger: req.log,
      services,
      dataRequest: req.path.endsWith(".data"),
      memo: new Map(),
    }),
  });
  // use(), not all("*"): a path with a malformed escape must reach Remix, not fail in Express's param decoding.
  // Remix's handler catches its own errors and passes them to next().
  app.use((req, res, next) => void remixHandler(req, res, next));

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    (req.log ?? logger).error({ err: error }, "unhandled request error");
    if (res.headersSent) return res.end();
    plainErrorPage(req, res, 500);
  });

  let server: Server | undefined;
  let internal: Server | undefined;
  const sockets = new Set<Socket>();
  const internalSockets = new Set<Socket>();
  /**
   * Per connection: requests whose answer is not completely handed to the OS yet (`active`), and
   * requests begun in all (`begun`: tells a connection idle at two checks from one that served a
   * request between them).
   */
  const requestCounts = new WeakMap<Socket, { active: number; begun: number }>();

  function listenOn(target: Server, port: number, host: string, tracked: Set<Socket>, keepAliveMs = 5_000): Promise<number> {
    target.headersTimeout = 20_000;
    target.requestTimeout = 60_000;
    target.keepAliveTimeout = keepAliveMs;
    target.on("connection", (socket) => {
      tracked.add(socket);
      socket.on("close", () => tracked.delete(socket));
    });
    target.on("request", (req: IncomingMessage, res: ServerResponse) => {
      const socket = req.socket;
      let counts = requestCounts.get(socket);
      if (!counts) requestCounts.set(socket, (counts = { active: 0, begun: 0 }));
      counts.active += 1;
      counts.begun += 1;
      res.once("close", () => (counts.active -= 1));
    });
    return new Promise((resolve, reject) => {
      target.once("error", reject);
      target.listen(port, host, () => resolve((target.address() as AddressInfo).port));
    });
  }

  /**
   * Drains one listener (decision 099): stop accepting, let the requests in flight finish, close the
   * keep-alive connections, destroy what is left at the deadline.
   */
  async function drain(target: Server, tracked: Set<Socket>, deadline: number): Promise<void> {
    // net.Server#close, not http.Server#close: since Node 19 the latter also destroys at once every
    // connection without a request in progress, and a connection whose request has arrived but was
    // not read yet looks like that: its client got a reset for a request sent before the signal.
    // The listener stays open through the grace, and one poll phase more: closing it resets every
    // connection still in the kernel's accept queue, and a client that connected shortly before the
    // signal (its handshake late on a loaded machine, after a lost SYN) has its request in that queue.
    // Accepted now, its request is read and answered with Connection: close (`accepting` is false;
    // readiness says 503). Closing after a single poll phase reset such requests in 15 of 40 runs of
    // tests/integration/shutdown.test.ts's load with both cores busy (decision 099, amendment).
    await new Promise((resolve) => setTimeout(resolve, IDLE_GRACE_MS));
    await new Promise((resolve) => setImmediate(resolve));
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(target, () => resolve()));
    // Not closeIdleConnections() either: it counts a connection as idle once its answer has been
    // end()ed, even while the answer still sits in the socket's buffer (a slow reader under load),
    // and destroying it then cuts the answer off. Idle here: no request without its "close", and
    // nothing left to write. Answers still to come carry Connection: close and end their connection.
    const idle = (socket: Socket) => (requestCounts.get(socket)?.active ?? 0) === 0 && socket.writableLength === 0;
    // Idle at one check is not enough: a connection accepted in the last poll phase before the close
    // reads its request only in the next one, as does one whose answer just drained to a slow reader.
    // A connection goes when it was idle at two checks in a row with no request begun in between, and
    // a poll phase lies between any two checks.
    const idleAt = new Map<Socket, number>();
    while (tracked.size > 0 && Date.now() < deadline) {
      for (const socket of tracked) {
        if (!idle(socket)) idleAt.delete(socket);
        else if (idleAt.get(socket) === (requestCounts.get(socket)?.begun ?? 0)) socket.destroy();
        else idleAt.set(socket, requestCounts.get(socket)?.begun ?? 0);
      }
      if (tracked.size === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (tracked.size > 0) logger.warn({ connections: tracked.size }, "shutdown deadline reached; closing connections");
    for (const socket of tracked) socket.destroy();
    await closed;
  }

  return {
    app,
    services,
    logger,
    async listen() {
      server = createServer(app);
      const port = await listenOn(server, config.PORT, config.HOST, sockets);
      publicBaseUrl = `http://127.0.0.1:${port}`;
      if (config.embeddedApi) {
        // The app calls its embedded API over loopback HTTP like a remote one, but on a listener of
        // its own: at shutdown the public one stops accepting while requests in flight still reach
        // the API (decision 099).
        internal = createServer(app);
        // Only the app's own upstream client connects here: it gives idle connections up after
        // UPSTREAM_KEEP_ALIVE_MS, so this side never closes one a request is on its way over.
        const internalPort = await listenOn(internal, 0, "127.0.0.1", internalSockets, INTERNAL_KEEP_ALIVE_MS);
        services.upstreamBaseUrl = `http://127.0.0.1:${internalPort}/api`;
      }
      logger.info(
        { port, upstream: config.embeddedApi ? "embedded" : config.UPSTREAM_API_URL, sessionStore: store.kind },
        "server listening",
      );
      return port;
    },
    async close() {
      accepting = false;
      clearInterval(purgeTimer);
      const deadline = Date.now() + config.SHUTDOWN_TIMEOUT_MS;
      if (server) {
        // Answers still to come end their connection: keep-alive would invite the next request.
        for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
        await drain(server, sockets, deadline);
      }
      // Only the app's own calls use the internal listener: with the public requests done, so are they.
      if (internal) await drain(internal, internalSockets, deadline);
      await services.upstream.close();
      await embeddedApi?.close();
      await store.close();
      sqliteRateLimiter?.close();
      sqliteReportLimiter?.close();
      await redis?.quit().catch(() => redis.disconnect());
      logger.info("server stopped");
    },
  };
}

/** What the request line adds to pino-http's status and duration: the request, customer and route id. */
function requestLineFields(req: Request): Record<string, unknown> {
  // The route is known only now, when the response is finished.
  const cstm = customerOfPath((req.originalUrl ?? req.url ?? "").split("?")[0]);
  const routeId = routeIdFor(req.log);
  return { req, ...(cstm ? { cstm } : {}), ...(routeId ? { routeId } : {}) };
}

/** The assessment frame comes from the upstream; its origin must be allowed as a frame source. */
function frameSources(config: ServerConfig): string[] {
  if (!config.UPSTREAM_API_URL) return [];
  return [new URL(config.UPSTREAM_API_URL).origin];
}

async function upstreamReachable(services: AppServices, config: ServerConfig): Promise<boolean> {
  if (!services.upstreamBaseUrl) return false;
  try {
    // getConfiguration is token-free and cheap; an answer below 500 (a 4xx for the missing customer included) means
    // the upstream is up and serving, a 5xx or no answer that it is not.
    const response = await fetch(`${services.upstreamBaseUrl}/getConfiguration`, {
      signal: AbortSignal.timeout(Math.min(config.UPSTREAM_TIMEOUT_MS, 3000)),
    });
    await response.arrayBuffer();
    return response.status < 500;
  } catch {
    return false;
  }
}
