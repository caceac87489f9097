import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/server-runtime";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import Database from "better-sqlite3";
import { withCatalogueErrors } from "~/errors/route-errors.server";
import { hashPassword } from "../../../api/auth/passwords";
import { createAppServer, type AppServer } from "../../../server/app";
import { parseEnv } from "../../../server/env";
import { createLogger } from "../../../server/logger";
import { ROOT, testSecret } from "../../support/server";

/**
 * The fuzz targets' app, in the test's own process (docs/decisions/102): the production Remix build
 * (build/server/index.js) wrapped exactly as server/middleware.ts wraps it (withCatalogueErrors), with the
 * services createAppServer makes (sessions and rate limits on fresh SQLite files, the upstream
 * transport) and the real embedded API, listening on loopback like in production so that the
 * upstream calls, mailed links and the demo helpers go over HTTP as always.
 *
 * Requests reach the app without a socket: a route's action or loaders are called the way Remix
 * calls them (the same arguments, the same load context), or the whole request goes through
 * Remix's request handler (routing, single fetch, React rendering). Express's own middleware
 * (body limit, CSRF check, headers) is not on this path: tests/integration covers it.
 */
export interface FuzzApp {
  /** The listening server's origin (sign-in helpers, the demo outbox, the API). */
  baseUrl: string;
  server: AppServer;
  /** The embedded API's SQLite file (to pick generated demo applicants; never written by the tests). */
  apiDatabasePath: string;
  build: ServerBuild;
  /** Remix's request handler over the wrapped build, as @remix-run/express runs it. */
  handle(request: Request): Promise<Response>;
  /** A fresh load context, as getLoadContext makes one per request. */
  context(): AppLoadContext;
  /** The routes Remix matches for a path, deepest last, with their params. */
  match(pathname: string): { id: string; params: Record<string, string | undefined> }[] | null;
  /** Warning and error lines the app logged so far (JSON), without the request lines. */
  errors(): string[];
  stop(): Promise<void>;
}

/**
 * The seeded hashes still at the production cost (the generated applicants' shared one) made again
 * at the fuzz cost (API_SCRYPT_LOG2_N=10, which the demo users are seeded with already), so that
 * every password check is as cheap as the rest.
 */
async function cheapPasswordHashes(databasePath: string): Promise<void> {
  const db = new Database(databasePath);
  try {
    const replacements = new Map<string, string>();
    const others = db.prepare("SELECT DISTINCT password_hash FROM users WHERE password_hash LIKE 'scrypt$131072$%'").all() as {
      password_hash: string;
    }[];
    for (const { password_hash } of others)
      if (!replacements.has(password_hash)) replacements.set(password_hash, await hashPassword(randomUUID()));
    db.transaction(() => {
      for (const [from, to] of replacements) {
        db.prepare("UPDATE users SET password_hash = ? WHERE password_hash = ?").run(to, from);
        db.prepare("UPDATE password_history SET password_hash = ? WHERE password_hash = ?").run(to, from);
      }
    })();
  } finally {
    db.close();
  }
}

function routeTree(build: ServerBuild): AgnosticRouteObject[] {
  const byParent = new Map<string | undefined, ServerBuild["routes"][string][]>();
  for (const route of Object.values(build.routes)) {
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  }
  const children = (parentId: string | undefined): AgnosticRouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children(route.id) },
    );
  return children(undefined);
}

export async function startFuzzApp(env: Record<string, string> = {}): Promise<FuzzApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "assessment-fuzz-"));
  const config = parseEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    SESSION_SECRET: testSecret(),
    DATABASE_PATH: path.join(dataDir, "app.db"),
    API_DATABASE_PATH: path.join(dataDir, "api.db"),
    DEMO_MODE: "true",
    // The fuzz counts what the forms do with the input, not the limiter's 429s.
    RATE_LIMIT_MAX: "100000",
    // A loaded machine's slow answer is no upstream failure here (the budgets and the breaker have
    // tests of their own): an answer still has to come within ANSWER_TIMEOUT_MS.
    UPSTREAM_CONNECT_TIMEOUT_MS: "20000",
    UPSTREAM_TIMEOUT_MS: "20000",
    UPSTREAM_CREDENTIAL_TIMEOUT_MS: "20000",
    UPSTREAM_BREAKER_FAILURES: "0",
    // The embedded API's limits per client and per e-mail (decision 103) too: their 429s would hide
    // what the API does with the input after the first few runs.
    API_RATE_LIMIT_CLIENT_MAX: "1000000",
    API_RATE_LIMIT_TARGET_MAX: "1000000",
    API_RECRUITER_LIMIT_PERCENT: "1000000",
    // Thousands of logins: hashes at scrypt N=2^10, not OWASP's cost (decision 092); hashing has its own tests.
    API_SCRYPT_LOG2_N: "10",
    ...env,
  });
  // Warnings and errors the app logged (catalogue errors, upstream failures), not the request lines.
  const errors: string[] = [];
  const logger = createLogger("warn", { write: (line: string) => void (line.includes('"msg":"request completed"') || errors.push(line)) });
  // React and the other packages the build imports pick their production code by NODE_ENV when
  // first loaded (vitest sets "test": React's development renderer is several times slower).
  process.env.NODE_ENV = "production";
  const original = (await import(/* @vite-ignore */ pathToFileURL(path.join(ROOT, "build/server/index.js")).href)) as ServerBuild;
  const server = await createAppServer(config, { build: original, clientDir: path.join(ROOT, "build/client"), logger, release: "fuzz" });
  const port = await server.listen();
  await cheapPasswordHashes(config.API_DATABASE_PATH);
  const baseUrl = `http://127.0.0.1:${port}`;
  const build = withCatalogueErrors(original);
  const handler = createRequestHandler(build, "production");
  const tree = routeTree(build);
  const matchCache = new Map<string, { id: string; params: Record<string, string | undefined> }[] | null>();
  const context = (): AppLoadContext => ({
    requestId: randomUUID(),
    clientIp: "127.0.0.1",
    cspNonce: randomBytes(16).toString("base64"),
    logger,
    services: server.services,
    memo: new Map(),
  });
  return {
    baseUrl,
    server,
    apiDatabasePath: config.API_DATABASE_PATH,
    build,
    handle: (request) => handler(request, context()),
    context,
    match(pathname) {
      // matchRoutes ranks every route on each call: the targets' few paths are matched once.
      let matched = matchCache.get(pathname);
      if (matched === undefined) {
        const matches = matchRoutes(tree, pathname);
        matched = matches ? matches.map((match) => ({ id: match.route.id!, params: match.params })) : null;
        if (matchCache.size > 10_000) matchCache.clear();
        matchCache.set(pathname, matched);
      }
      return matched;
    },
    errors: () => errors,
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
