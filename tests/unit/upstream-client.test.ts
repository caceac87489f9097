import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLoadContext } from "@remix-run/node";
import { startLoopbackUpstream, type LoopbackUpstream } from "../support/loopback-upstream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login } from "~/upstream/auth.server";
import { callUpstream } from "~/upstream/client.server";
import { UpstreamError } from "~/upstream/failures.server";
import { getConfiguration } from "~/upstream/configuration.server";

/** The upstream client (app/upstream/client.server.ts) against a scripted upstream on loopback. */
interface Received {
  method?: string;
  url?: string;
  contentType?: string;
  body: string;
}

type Answer = { status: number; body?: unknown };

let upstream: LoopbackUpstream;
const received: Received[] = [];
/** What the upstream answers, by path below /api (any other path: 404). */
const answers = new Map<string, Answer>();

beforeAll(async () => {
  upstream = await startLoopbackUpstream((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ method: req.method, url: req.url, contentType: req.headers["content-type"], body });
      const path = new URL(req.url ?? "/", "http://upstream").pathname.replace(/^\/api/, "");
      const answer = (req.url?.startsWith("/api/") && answers.get(path)) || { status: 404, body: { status: "failed" } };
      if (answer.body === undefined) {
        res.writeHead(answer.status).end();
        return;
      }
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
});
afterAll(async () => {
  await upstream?.close();
});

function context(): AppLoadContext {
  const ignore = () => undefined;
  return {
    requestId: "req-api-01",
    clientIp: "127.0.0.1",
    logger: { debug: ignore, info: ignore, warn: ignore, error: ignore },
    memo: new Map(),
    services: {
      upstreamBaseUrl: upstream.baseUrl,
      upstreamPublicOrigin: null,
      upstream: upstream.transport,
      configCacheTtlS: 0,
      configCache: new Map(),
    },
  } as unknown as AppLoadContext;
}

function answer(path: string, status: number, body?: unknown) {
  answers.clear();
  received.length = 0;
  answers.set(path, { status, body });
}

describe("R-API-01 the upstream client", () => {
  it("R-API-01 every status below 400 is a success, 400 and above an error; paths are under /api; DELETE sends its body", async () => {
    answer("/items", 201, { status: "success", id: 7 });
    await expect(callUpstream(context(), { method: "POST", path: "/items", auth: "none", body: { name: "a" } })).resolves.toEqual({
      status: "success",
      id: 7,
    });

    // 204 No Content: a success without a body.
    answer("/items/7", 204);
    await expect(callUpstream(context(), { method: "PUT", path: "/items/7", auth: "none", body: { name: "b" } })).resolves.toBeUndefined();

    answer("/items", 400, { status: "failed", error: "invalid_request" });
    const refused = await callUpstream(context(), { path: "/items", auth: "none" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect((refused as UpstreamError).status).toBe(400);
    expect((refused as UpstreamError).body).toEqual({ status: "failed", error: "invalid_request" });

    // DELETE carries its payload in the request body (as JSON), not in the query string.
    answer("/items", 200, { status: "success" });
    await callUpstream(context(), { method: "DELETE", path: "/items", auth: "none", body: { ids: [7, 8] } });
    expect(received).toEqual([
      { method: "DELETE", url: "/api/items", contentType: "application/json", body: JSON.stringify({ ids: [7, 8] }) },
    ]);

    // The app's own calls go below /api too.
    answer("/login", 401, { status: "failed", error: "invalid_credentials" });
    await expect(login(context(), { cstm: "demo", userName: "anna", password: "secret" })).rejects.toMatchObject({ status: 401 });
    expect(received.map((request) => `${request.method} ${request.url}`)).toEqual(["POST /api/login"]);
    answer("/getConfiguration", 404, { status: "failed" });
    await expect(getConfiguration(context(), "demo")).resolves.toEqual({ found: false });
    expect(received.map((request) => `${request.method} ${request.url}`)).toEqual(["GET /api/getConfiguration?cstm=demo"]);
  });

  it("R-API-02 a configuration that leaves out style or its appearance gets their defaults: overlay and progress on", async () => {
    const minimal = { cstm: "lean", language: ["de"], area: { name: "Lean", routes: ["login"] } };
    answer("/getConfiguration", 200, { status: "success", config: minimal });
    const withoutStyle = await getConfiguration(context(), "lean");
    expect(withoutStyle).toMatchObject({
      found: true,
      config: { name: "", area: { root: "login", onSite: false }, appearance: { overlay: true, showProgress: true }, texts: {} },
    });
    // An empty appearance is filled field by field, not taken as it is (docs/decisions/208).
    answer("/getConfiguration", 200, { status: "success", config: { ...minimal, style: { appearance: {}, primaryColor: "#0b5cad" } } });
    const emptyAppearance = await getConfiguration(context(), "lean");
    expect(emptyAppearance).toMatchObject({ config: { appearance: { overlay: true, showProgress: true, primaryColor: "#0b5cad" } } });
  });
});
