import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { sessionCookieName } from "~/session/session.server";
import { portToListenOnLater } from "../support/ports";
import { ROOT, testSecret } from "../support/server";

/**
 * Test doubles for the error and observability tests (not a test file itself): a fake upstream
 * /api, a fake Sentry ingest endpoint, a closed port, and a session seeded straight into the
 * server's SQLite store (the login action lives on another branch).
 */

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
}

export type FakeHandler = (call: RecordedCall, res: ServerResponse) => void;

export interface FakeServer {
  url: string;
  port: number;
  calls: RecordedCall[];
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json");
  res.end(JSON.stringify(body));
}

/** getConfiguration's answer for a customer of the fake upstream (shape of docs/api.md). */
export function customerConfig(cstm: string, extra: Record<string, unknown> = {}) {
  return {
    status: "success",
    config: {
      cstm,
      name: `${cstm} AG`,
      language: ["de-DU", "en_GB"],
      area: { name: "generic", root: "login", routes: ["login", "page-not-found"] },
      contact: { supportEmail: `hilfe@${cstm}.example` },
      ...extra,
    },
  };
}

/** A fake upstream /api: `routes` maps "METHOD /path" to a handler; every call is recorded. */
export async function startFakeUpstream(routes: Record<string, FakeHandler>): Promise<FakeServer> {
  const calls: RecordedCall[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const call: RecordedCall = {
      method: req.method ?? "GET",
      path: url.pathname.replace(/^\/api/, ""),
      query: url.searchParams,
      headers: req.headers,
      body: (await readBody(req)).toString("utf8"),
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (handler) handler(call, res);
    else json(res, 404, { status: "failed", error: "not found" });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}/api`, port, calls, close: () => closeServer(server) };
}

export interface SentryEvent {
  event_id?: string;
  release?: string;
  level?: string;
  message?: string;
  tags?: Record<string, string>;
  exception?: {
    values?: Array<{
      type?: string;
      value?: string;
      stacktrace?: { frames?: Array<{ filename?: string; abs_path?: string; function?: string; lineno?: number; colno?: number }> };
    }>;
  };
  environment?: string;
  extra?: Record<string, unknown>;
  request?: { headers?: Record<string, string>; cookies?: unknown; data?: unknown };
}

/** A trace as the SDK sends it (SENTRY_TRACES_SAMPLE_RATE): the root span in contexts.trace, the others in spans. */
export interface SentryTransaction {
  transaction?: string;
  release?: string;
  tags?: Record<string, string>;
  contexts?: { trace?: SentrySpan };
  spans?: SentrySpan[];
}

export interface SentrySpan {
  trace_id?: string;
  span_id?: string;
  parent_span_id?: string;
  op?: string;
  description?: string;
  data?: Record<string, unknown>;
}

/** A fake Sentry: accepts envelope POSTs at /api/{project}/envelope/ and keeps the events and transactions. */
export async function startFakeSentry(): Promise<
  FakeServer & { dsn: string; events: SentryEvent[]; transactions: SentryTransaction[]; raw: string[] }
> {
  const events: SentryEvent[] = [];
  const transactions: SentryTransaction[] = [];
  const raw: string[] = [];
  const calls: RecordedCall[] = [];
  const server = createServer(async (req, res) => {
    let body = await readBody(req);
    if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
    const text = body.toString("utf8");
    raw.push(text);
    const lines = text.split("\n");
    // Envelope: header line, then item header / payload pairs.
    for (let index = 1; index + 1 < lines.length; index += 2) {
      const itemHeader = JSON.parse(lines[index]) as { type?: string };
      if (itemHeader.type === "event") events.push(JSON.parse(lines[index + 1]) as SentryEvent);
      if (itemHeader.type === "transaction") transactions.push(JSON.parse(lines[index + 1]) as SentryTransaction);
    }
    res.statusCode = 200;
    res.setHeader("Content-Type", "application/json");
    res.end("{}");
  });
  const port = await listen(server);
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    url: `http://127.0.0.1:${port}`,
    port,
    calls,
    events,
    transactions,
    raw,
    close: () => closeServer(server),
  };
}

/** A server started as the image starts it (source maps on, Sentry loaded first), reporting to the fake Sentry. */
export function sentryServerEnv(sentry: { dsn: string }, environment: string): Record<string, string> {
  return {
    NODE_OPTIONS: "--enable-source-maps --import ./build/instrument.server.js",
    SENTRY_DSN: sentry.dsn,
    SENTRY_ENVIRONMENT: environment,
  };
}

/**
 * Puts a session record into the server's SQLite store and returns the signed cookie a browser
 * would hold for it (production cookie name, the test secret).
 */
export async function seedSession(dataDir: string, id: string, data: Record<string, unknown>): Promise<{ name: string; value: string }> {
  const db = new Database(path.join(dataDir, "app.db"));
  const now = Date.now();
  db.prepare("INSERT INTO sessions (id, data, created_at, idle_expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?)").run(
    id,
    JSON.stringify(data),
    now,
    now + 3_600_000,
    now + 7_200_000,
  );
  db.close();
  const name = sessionCookieName(true);
  const header = await createCookie(name, { secrets: [testSecret()] }).serialize(id);
  return { name, value: header.split(";")[0].slice(name.length + 1) };
}

/** Breaks the session store under a running server (the table disappears), for root-loader failures. */
export function breakSessionStore(dataDir: string): void {
  const db = new Database(path.join(dataDir, "app.db"));
  db.exec("ALTER TABLE sessions RENAME TO sessions_gone");
  db.close();
}

/** Waits until `check` holds (polling), or fails with `what`; the deadline is generous for a loaded machine. */
export async function eventually<T>(what: string, check: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The built server started like tests/support/server.ts does, but on a port chosen here and found
 * ready through /healthz: with LOG_LEVEL above info there is no "server listening" line to read.
 */
export async function startServerOnPort(
  env: Record<string, string>,
): Promise<{ baseUrl: string; logs: () => string; stop(): Promise<void> }> {
  const port = await portToListenOnLater();
  const dataDir = mkdtempSync(path.join(tmpdir(), "assessment-test-"));
  const child = spawn(process.execPath, [path.join(ROOT, "build/serve.js")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SESSION_SECRET: testSecret(),
      DATABASE_PATH: path.join(dataDir, "app.db"),
      API_DATABASE_PATH: path.join(dataDir, "api.db"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
