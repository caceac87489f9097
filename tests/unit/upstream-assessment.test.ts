import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { createDraftStore } from "~/assessment/draft-store.server";
import { CatalogueError } from "~/errors/catalogue-error";
import { isReportedFailure, type Failure } from "~/errors/mapping";
import { createAppSessionStorage, type AppSession } from "~/session/session.server";
import { createMemorySessionStore } from "~/session/store.server";
import {
  browserUrl,
  finishComponents,
  initEngineSession,
  openEngineSession,
  trackFormAction,
  trackPicatNavigation,
} from "~/upstream/assessment.server";
import { createUpstreamTransport } from "~/upstream/transport.server";

/**
 * The assessment calls against a scripted upstream: what R-VAL-08, R-FIN-01 and spec §8's rule for
 * tracking calls (R-CAT-05) make of its answers.
 */
type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function upstream(handler: Handler): Promise<string> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => handler(req, body, res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

interface Logged {
  level: string;
  message: string;
  data: unknown;
}

async function fakeContext(upstreamBaseUrl: string, options: { publicOrigin?: string } = {}) {
  const logs: Logged[] = [];
  const log = (level: string) => (data: unknown, message?: string) => logs.push({ level, data, message: message ?? "" });
  const logger = { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
  const records = createMemorySessionStore();
  const sessionStorage = createAppSessionStorage(
    records,
    { secrets: ["s".repeat(40)], secure: false },
    {
      idleTimeoutS: 3600,
      anonymousIdleTimeoutS: 900,
      absoluteTimeoutS: 43200,
    },
  );
  const session: AppSession = await sessionStorage.getSession();
  session.set("applicant", { token: "t".repeat(32), expiresAt: Math.floor(Date.now() / 1000) + 3600, userName: "anna", anonymous: false });
  const context = {
    requestId: "req-test-1",
    clientIp: "127.0.0.1",
    cspNonce: "n",
    logger,
    memo: new Map(),
    services: {
      sessionStorage,
      draftStore: createDraftStore(records),
      upstreamBaseUrl,
      upstreamPublicOrigin: options.publicOrigin ?? null,
      upstream: createUpstreamTransport({
        budgets: { connectMs: 1000, pageMs: 2000, credentialMs: 2000, assetMs: 2000 },
        breaker: { failures: 0, cooldownMs: 1000 },
      }),
      configCacheTtlS: 60,
      compressionLevel: 1,
      isProduction: true,
      configCache: new Map(),
      rateLimiter: { hit: () => false, reset: () => undefined, maxAttempts: 10 },
      honeypot: {
        inputProps: () => ({ nameFieldName: "name__confirm", validFromFieldName: null, encryptedValidFrom: "" }),
        isSpam: () => false,
      },
      sentryEnabled: false,
      release: "test",
    },
  } as unknown as AppLoadContext;
  return { context, session, logs };
}

const event = { profileId: "P100", componentId: 31, action: "frame-opened" };

describe("tracking calls never block or break a page (R-CAT-05)", () => {
  it("R-CAT-05 a network error of a tracking call produces no code and is not an error in the log", async () => {
    const { context, session, logs } = await fakeContext("http://127.0.0.1:9/api");
    await expect(trackPicatNavigation(context, session, event)).resolves.toBeUndefined();
    await expect(trackFormAction(context, session, event)).resolves.toBeUndefined();
    expect(logs.filter((entry) => entry.level === "error")).toEqual([]);
    expect(logs.some((entry) => entry.message === "tracking call lost")).toBe(true);
    // The applicant's session is untouched: a lost tracking call is not a lost session.
    expect(session.get("applicant")?.userName).toBe("anna");
  });

  it("R-CAT-05 a refused tracking call (4xx) is only logged", async () => {
    const base = await upstream((_req, _body, res) => json(res, 404, { status: "failed", error: "unknown_profile" }));
    const { context, session, logs } = await fakeContext(base);
    await expect(trackFormAction(context, session, event)).resolves.toBeUndefined();
    const refused = logs.find((entry) => entry.message === "tracking call refused");
    expect(refused?.level).toBe("warn");
    expect(refused?.data).toMatchObject({ upstream: { path: "/trackFormAction", status: 404 } });
  });

  it("sends the event with the applicant's token", async () => {
    let seen: { path?: string; auth?: string; body?: unknown } = {};
    const base = await upstream((req, body, res) => {
      seen = { path: req.url, auth: req.headers.authorization, body: JSON.parse(body) };
      res.writeHead(204).end();
    });
    const { context, session } = await fakeContext(base);
    await trackPicatNavigation(context, session, event);
    expect(seen).toEqual({ path: "/api/trackPicatNavigation", auth: `Bearer ${"t".repeat(32)}`, body: event });
  });
});

describe("engine session (R-API-04, R-VAL-08)", () => {
  const request = { profileId: "P100", componentId: 31, returnUrl: "/demo/assessment/31/done", language: "de-DU" };

  it("R-VAL-08 an empty session URL is 'could not initialize session', API03", async () => {
    for (const answer of [
      { status: "success", sessionURL: "" },
      { status: "success" },
      { status: "success", sessionURL: "/api/engine/x" },
    ]) {
      const base = await upstream((_req, _body, res) => json(res, 200, answer));
      const { context, session } = await fakeContext(base);
      const error = await openEngineSession(context, session, request).catch((caught: unknown) => caught);
      expect(error, JSON.stringify(answer)).toBeInstanceOf(CatalogueError);
      expect((error as CatalogueError).code).toBe("API03");
      // Decision 010: an empty session start is a fault of the upstream and goes to Sentry.
      const failure = (error as { failure?: Failure }).failure;
      expect(failure).toEqual({ kind: "empty-session", path: "/getSessionUrl" });
      expect(isReportedFailure(failure!)).toBe(true);
    }
  });

  it("R-VAL-08 an empty initPicat answer is API03 too; a full one gives the progress", async () => {
    const sessionData = { prcm_id: 1101, profileId: "P100", session: "k".repeat(43) };
    const empty = await upstream((_req, _body, res) => json(res, 200, { status: "success", sessionURL: null }));
    const first = await fakeContext(empty);
    await expect(initEngineSession(first.context, sessionData)).rejects.toMatchObject({
      code: "API03",
      failure: { kind: "empty-session", path: "/initPicat" },
    });
    const full = await upstream((req, body, res) => {
      expect(req.headers.authorization).toBeUndefined();
      expect(JSON.parse(body)).toEqual({ sessionData });
      json(res, 200, { status: "success", sessionURL: "/api/engine/k", completed: false, answeredItems: 2, totalItems: 5 });
    });
    const second = await fakeContext(full);
    await expect(initEngineSession(second.context, sessionData)).resolves.toEqual({ completed: false, answeredItems: 2, totalItems: 5 });
  });

  it("R-API-04 root-relative session URLs stay on our origin for the embedded API and get the upstream's origin otherwise", async () => {
    const embedded = await fakeContext("http://127.0.0.1:3000/api");
    expect(browserUrl(embedded.context, "/api/engine/abc")).toBe("/api/engine/abc");
    const remote = await fakeContext("https://backend.example.com/api", { publicOrigin: "https://backend.example.com" });
    expect(browserUrl(remote.context, "/api/engine/abc")).toBe("https://backend.example.com/api/engine/abc");
    expect(browserUrl(remote.context, "https://engine.example.org/s/1")).toBe("https://engine.example.org/s/1");
  });
});

describe("finishing (R-FIN-01)", () => {
  it("R-FIN-01 one module goes to finishComponent, an fbo group to finishFBOComponents with every id", async () => {
    const calls: { path?: string; body: unknown }[] = [];
    const base = await upstream((req, body, res) => {
      calls.push({ path: req.url, body: JSON.parse(body) });
      json(res, 200, { status: "success", profileCompleted: false });
    });
    const { context, session } = await fakeContext(base);
    await expect(finishComponents(context, session, "P100", [31], false)).resolves.toEqual({ kind: "finished", profileCompleted: false });
    await finishComponents(context, session, "P100", [42, 43], true);
    expect(calls).toEqual([
      { path: "/api/finishComponent", body: { profileId: "P100", componentId: 31 } },
      { path: "/api/finishFBOComponents", body: { profileId: "P100", moduleIds: [42, 43] } },
    ]);
  });

  it("R-FIN-01 a 409 names the module that is not ready; other failures stay catalogue errors", async () => {
    const base = await upstream((req, _body, res) =>
      req.url?.endsWith("finishFBOComponents")
        ? json(res, 409, { status: "failed", error: "session_not_completed", data: { componentId: 43 } })
        : json(res, 403, { status: "failed", error: "profile_closed" }),
    );
    const { context, session } = await fakeContext(base);
    await expect(finishComponents(context, session, "P100", [42, 43], true)).resolves.toEqual({
      kind: "not-ready",
      componentId: 43,
      reason: "session_not_completed",
    });
    await expect(finishComponents(context, session, "P300", [42], false)).rejects.toMatchObject({ code: "C05" });
  });
});
