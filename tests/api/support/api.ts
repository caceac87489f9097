import { mkdtempSync, rmSync } from "node:fs";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import express from "express";
import { vi } from "vitest";
import pino from "pino";
import { createEmbeddedApi, type EmbeddedApi, type EmbeddedApiOptions } from "../../../api/index";
import { DEMO_USERS } from "../../../api/demo/users";
import { scaledRecruiterLimits } from "../../../api/recruiter/limits";

/**
 * The embedded API in an in-process Express app on an ephemeral port, with its own temporary SQLite
 * file and a clock the test can move. Contract tests call it with fetch, like the app does.
 */
export interface Reply<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (for invalid JSON, wrong content types). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestApi {
  baseUrl: string;
  databasePath: string;
  /** Everything the API logged, as text. */
  logs(): string;
  call<T = any>(method: string, apiPath: string, options?: CallOptions): Promise<Reply<T>>;
  get<T = any>(apiPath: string, options?: CallOptions): Promise<Reply<T>>;
  post<T = any>(apiPath: string, body?: unknown, options?: CallOptions): Promise<Reply<T>>;
  /** Logs a user in (demo password by default) and returns the access token. */
  login(userName: string, options?: { password?: string; cstm?: string }): Promise<string>;
  /** A fresh copy of a demo user (POST /dev/clone-user). */
  clone(template: string): Promise<{ userName: string; password: string | null; cstm: string; activationHash?: string }>;
  /** Moves the API's clock forward. */
  advance(seconds: number): void;
  close(): Promise<void>;
}

export const APP_BASE_URL = "http://app.test:3000";

// Every login and password call derives a scrypt hash at N=2^17 (docs/decisions/092): a few hundred
// ms each, several seconds on a loaded machine. The contract tests get a generous bound for that.
vi.setConfig({ testTimeout: 120_000 });

export function demoPassword(userName: string): string {
  const template = userName.replace(/-[0-9a-f]{8}$/, "");
  const password = DEMO_USERS.find((user) => user.userName === template)?.password;
  if (!password) throw new Error(`no demo password for ${userName}`);
  return password;
}

/** A recruiter's access token from POST /recruiter/login; a refused sign-in fails the test with the answer. */
export async function recruiterToken(api: TestApi, userName: string, password: string, cstm: string): Promise<string> {
  const reply = await api.post("/recruiter/login", { cstm, userName, password });
  if (reply.status !== 200) throw new Error(`recruiter login ${userName}@${cstm}: ${reply.status} ${reply.text}`);
  return reply.body.access_token as string;
}

/**
 * Request limits of the mail and registration calls (decision 103) high enough for contract tests
 * that register or reset many times; tests of the limits pass their own `requestLimits`.
 */
export const UNLIMITED_REQUESTS = { clientMax: 1_000_000, targetMax: 1_000_000 };
/** The recruiter calls' limits (decision 171) out of the way likewise; their tests pass their own. */
export const UNLIMITED_RECRUITER_CALLS = scaledRecruiterLimits(1_000_000);

export async function startApi(
  overrides: Partial<EmbeddedApiOptions> & {
    databasePath?: string;
    /** Express's `trust proxy` of the test app: tests of per-client limits name clients by X-Forwarded-For. */
    trustProxy?: boolean;
  } = {},
): Promise<TestApi> {
  const { trustProxy, ...apiOverrides } = overrides;
  // A directory of its own only for a database of its own: a test that names the file owns its directory.
  const dir = overrides.databasePath === undefined ? mkdtempSync(path.join(tmpdir(), "api-test-")) : undefined;
  const databasePath = overrides.databasePath ?? path.join(dir as string, "api.db");
  let offsetMs = 0;
  let logText = "";
  const logger = pino(
    { level: "debug" },
    new Writable({
      write(chunk, _encoding, done) {
        logText += chunk.toString();
        done();
      },
    }),
  );
  const api: EmbeddedApi = await createEmbeddedApi({
    databasePath,
    tokenTtlS: 3600,
    tokenAbsoluteTtlS: 43_200,
    appBaseUrl: () => APP_BASE_URL,
    bodyLimitBytes: 1024 * 1024,
    logger,
    demoMode: true,
    now: () => new Date(Date.now() + offsetMs),
    requestLimits: UNLIMITED_REQUESTS,
    recruiterLimits: UNLIMITED_RECRUITER_CALLS,
    // Contract tests sign in hundreds of times: hashes at N=2^10; tests of the hashing pass 17.
    scryptLog2N: 10,
    ...apiOverrides,
  });
  const app = express();
  if (trustProxy) app.set("trust proxy", true);
  app.use("/api", api.router);
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function call<T>(method: string, apiPath: string, options: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    // fetch refuses a body on GET; a hostile client does not, so such requests go through node:http.
    const response =
      body !== undefined && (method === "GET" || method === "HEAD")
        ? await rawRequest(baseUrl + "/api" + apiPath, method, headers, body)
        : await fetch(baseUrl + "/api" + apiPath, { method, headers, body, redirect: "manual" });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // HTML, PDF or empty
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  const testApi: TestApi = {
    baseUrl,
    databasePath,
    logs: () => logText,
    call,
    get: (apiPath, options) => call("GET", apiPath, options),
    post: (apiPath, body, options) => call("POST", apiPath, { ...options, body }),
    async login(userName, options = {}) {
      const reply = await call<{ access_token: string }>("POST", "/login", {
        body: { cstm: options.cstm ?? "demo", userName, password: options.password ?? demoPassword(userName) },
      });
      if (reply.status !== 200) throw new Error(`login ${userName} failed: ${reply.status} ${reply.text}`);
      return reply.body.access_token;
    },
    async clone(template) {
      const reply = await call<Awaited<ReturnType<TestApi["clone"]>>>("POST", "/dev/clone-user", { body: { template } });
      if (reply.status !== 201) throw new Error(`clone ${template} failed: ${reply.status} ${reply.text}`);
      return reply.body;
    },
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
  return testApi;
}

function rawRequest(url: string, method: string, headers: Record<string, string>, body: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") responseHeaders.set(name, value);
        resolve(new Response(Buffer.concat(chunks), { status: incoming.statusCode, headers: responseHeaders }));
      });
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
