import { randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import type { NextFunction, Request, Response } from "express";
import type { Logger, SerializedRequest, SerializedResponse } from "pino";
import { pinoHttp } from "pino-http";
import type { AppServices } from "../app/context";
import { redactUrl } from "../app/errors/redact";
import { customerOfPath } from "../app/errors/customer-segment";
import { routeIdFor, withCatalogueErrors } from "../app/errors/route-errors.server";
import type { CreateServerOptions } from "./app";
import type { ServerConfig } from "./env";
import type { Lifecycle } from "./lifecycle";
import { plainErrorPage } from "./plain-page";
import type { ServerResources } from "./services";
import type { LightRoute } from "./in-process-upstream";
import { staticWithPrecompressed } from "./static-assets";
import { isCrossSiteRequest, isForeignOriginDataRequest, securityHeaders } from "./security";

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;
/** An oversized body up to this size is read and discarded before the 413 is sent (see refuseOversizedBody). */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 10_000;

export interface MiddlewareParts {
  config: ServerConfig;
  options: CreateServerOptions;
  logger: Logger;
  resources: ServerResources;
  lifecycle: Lifecycle;
}

/**
 * The whole request chain, in the order it runs: request id, request log, compression, probes, the
 * embedded API, static files, security headers, the POST guard, Remix, the last-resort error page.
 */
export function mountMiddleware(app: express.Express, parts: MiddlewareParts): void {
  const { config, options, logger, resources, lifecycle } = parts;
  app.use(requestIds(lifecycle));
  mountRequestLogs(app, logger);
  // Level 1 by default (decision 106): the default 6 cost a fifth of a page's CPU for a few percent of size.
  if (config.COMPRESSION_LEVEL > 0) app.use(compression({ level: config.COMPRESSION_LEVEL }));
  mountProbes(app, config, resources, lifecycle);
  if (resources.embeddedApi) app.use("/api", resources.embeddedApi.router);
  mountStaticFiles(app, options);
  app.use(securityHeaders({ hsts: config.COOKIE_SECURE, frameSources: frameSources(config) }));
  app.use(postGuard(config));
  mountRemix(app, config, options, resources.services);
  app.use(lastResort(logger));
  if (resources.embeddedApi && resources.inProcessUpstream) {
    const { app: api, light } = inProcessApi(config, logger, lifecycle, resources.embeddedApi.router);
    resources.inProcessUpstream.serve(api, light);
  }
}

/**
 * The chain the app's own calls to the embedded API run through in memory (decision 191): the same
 * request id and request log as a call over the network, then the API; what only browsers need
 * (compression, probes, static files, security headers, Remix) is left out. The app's JSON calls run
 * the same parts the light way, without Node's message objects and Express's application layer
 * (decision 194); any other call runs through the Express app.
 */
function inProcessApi(
  config: ServerConfig,
  logger: Logger,
  lifecycle: Lifecycle,
  router: express.Router,
): { app: express.Express; light: LightRoute } {
  const api = express();
  api.disable("x-powered-by");
  api.set("trust proxy", config.TRUST_PROXY);
  const before = [requestIds(lifecycle), ...requestLogs(logger)];
  const after = lastResort(logger);
  for (const middleware of before) api.use(middleware);
  api.use("/api", router);
  api.use(after);
  return { app: api, light: { app: api, before, mountPath: "/api", router, after, bodyLimitBytes: config.BODY_LIMIT_BYTES } };
}

function lastResort(logger: Logger): express.ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    (req.log ?? logger).error({ err: error }, "unhandled request error");
    if (res.headersSent) return res.end();
    plainErrorPage(req, res, 500);
  };
}

/** First in the chain: every answer carries a request id, and counts as in flight until it closes. */
function requestIds(lifecycle: Lifecycle): express.RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("X-Request-Id");
    const id = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    // Set by instrument.server.ts when Sentry is on (decision 177).
    (globalThis as { __SENTRY_REQUEST_ID__?: (id: string) => void }).__SENTRY_REQUEST_ID__?.(id);
    lifecycle.track(res);
    if (!lifecycle.accepting) res.setHeader("Connection", "close");
    next();
  };
}

function mountRequestLogs(app: express.Express, logger: Logger): void {
  for (const middleware of requestLogs(logger)) app.use(middleware);
}

/** The request line, and loaders' req.log with the customer. */
function requestLogs(logger: Logger): express.RequestHandler[] {
  const requestLine = requestLog(logger);
  return [
    requestLine,
    (req, _res, next) => {
      const cstm = customerOfPath(req.path);
      // A child of pino-http's logger, which lives as long as the server, with the same bindings as a child of the
      // request's own: a logger made a parent in the request it was made in cost ten times as much (decision 209).
      if (cstm) req.log = requestLine.logger.child({ reqId: req.id, cstm });
      next();
    },
  ];
}

/**
 * Request logs (DESIGN §8): one JSON line per request with the request id, customer, route id,
 * status and duration; upstream calls log their own lines with the same request id. Headers are
 * never logged, and link secrets in URLs are censored. pino-http is patched not to build a logger these
 * options never use (decision 193). Exported for bench/request-log.ts.
 */
export function requestLog(logger: Logger) {
  return pinoHttp({
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
  });
}

/** What the request line adds to pino-http's status and duration: the request, customer and route id. */
function requestLineFields(req: Request): Record<string, unknown> {
  // The route is known only now, when the response is finished.
  const cstm = customerOfPath((req.originalUrl ?? req.url ?? "").split("?")[0]);
  const routeId = routeIdFor(req.log);
  return { req, ...(cstm ? { cstm } : {}), ...(routeId ? { routeId } : {}) };
}

function mountProbes(app: express.Express, config: ServerConfig, { services, store }: ServerResources, lifecycle: Lifecycle): void {
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });

  // Express 4 does not await handlers: a rejection goes to the error handler, not nowhere.
  app.get("/readyz", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    Promise.all([store.ping(), upstreamReachable(services, config)])
      .then(([sessionStore, upstream]) => {
        const accepting = lifecycle.accepting;
        const ready = accepting && sessionStore && upstream;
        const upstreamCircuit = services.upstream.circuit();
        res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not ready", accepting, sessionStore, upstream, upstreamCircuit });
      })
      .catch(next);
  });
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

function mountStaticFiles(app: express.Express, options: CreateServerOptions): void {
  if (options.viteMiddleware) {
    app.use(options.viteMiddleware);
    return;
  }
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

/** The assessment frame comes from the upstream; its origin must be allowed as a frame source. */
function frameSources(config: ServerConfig): string[] {
  if (!config.UPSTREAM_API_URL) return [];
  return [new URL(config.UPSTREAM_API_URL).origin];
}

/** Body-size limit and CSRF check for everything Remix handles (DESIGN §8). */
function postGuard(config: ServerConfig): express.RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    if (isCrossSiteRequest(req, req.get("host")) || isForeignOriginDataRequest(req)) {
      req.log.warn({ origin: req.get("origin"), fetchSite: req.get("sec-fetch-site") }, "cross-site POST refused");
      return plainErrorPage(req, res, 403);
    }
    const length = Number(req.get("content-length") ?? "0");
    if (!Number.isFinite(length) || length > config.BODY_LIMIT_BYTES) return refuseOversizedBody(req, res, length);
    if (req.get("transfer-encoding") && !req.get("content-length")) return plainErrorPage(req, res, 411);
    next();
  };
}

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

function mountRemix(app: express.Express, config: ServerConfig, options: CreateServerOptions, services: AppServices): void {
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
}
