import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { waitForRequestLog } from "../support/logs";
import { ROOT, startServer, type RunningServer } from "../support/server";
import {
  breakSessionStore,
  customerConfig,
  eventually,
  json,
  seedSession,
  sentryServerEnv,
  startFakeSentry,
  startFakeUpstream,
  type FakeServer,
  type SentryEvent,
} from "./errors-fakes";

/**
 * R-CAT-05 / DESIGN §5: with SENTRY_DSN set (server init through `node --import
 * ./build/instrument.server.js`, as in production), unexpected failures, upstream faults without
 * an HTTP status and client errors arrive, tagged with request id, customer and route and the
 * build's release; failures with status >= 400 never do.
 */
let sentry: Awaited<ReturnType<typeof startFakeSentry>>;
let upstream: FakeServer;
let server: RunningServer;

beforeAll(async () => {
  sentry = await startFakeSentry();
  upstream = await startFakeUpstream({
    "GET /getConfiguration": (call, res) => {
      const cstm = call.query.get("cstm") ?? "";
      if (cstm === "broken") return json(res, 500, { status: "failed" });
      if (cstm === "forbidden") return json(res, 403, { status: "failed" });
      if (cstm === "flaky") return res.socket?.destroy();
      if (cstm === "resets") {
        const area = { name: "generic", root: "login", routes: ["login", "reset-password", "page-not-found"] };
        return json(res, 200, customerConfig(cstm, { enableRegistration: true, area }));
      }
      json(res, 200, customerConfig(cstm));
    },
    // The reset link's page asks for the password rules by the link's hash: the backend is gone.
    "POST /getPasswordRequirementsByUserHash": (_call, res) => res.socket?.destroy(),
    "POST /handleClientError": (_call, res) => {
      res.statusCode = 204;
      res.end();
    },
  });
  server = await startServer({
    // As the image's CMD (Dockerfile): source maps on, Sentry loaded first.
    ...sentryServerEnv(sentry, "integration-test"),
    UPSTREAM_API_URL: upstream.url,
    CONFIG_CACHE_TTL_S: "0",
  });
});

afterAll(async () => {
  await server?.stop();
  await upstream?.close();
  await sentry?.close();
});

const byRequest = (requestId: string) => (event: SentryEvent) => event.tags?.request_id === requestId;

describe("Sentry", () => {
  it("R-CAT-05 answers with status >= 400 are not reported; faults are, tagged, with the build's release", async () => {
    const client = new BrowserClient(server.baseUrl);
    const quiet: string[] = [];
    const id = (page: { headers: Headers }) => page.headers.get("x-request-id")!;

    // Not reported: a bad langId (400), an unknown route answer (4xx), upstream 500 and 403 answers.
    const badLanguage = await client.get("/demo/login?langId=xx");
    expect(badLanguage.status).toBe(400);
    quiet.push(id(badLanguage));
    const noLoader = await client.get("/_client-errors");
    expect(noLoader.status).toBeLessThan(500);
    quiet.push(id(noLoader));
    const upstream500 = await client.get("/broken/login");
    expect(upstream500.status).toBe(502);
    quiet.push(id(upstream500));
    const upstream403 = await client.get("/forbidden/login");
    expect(upstream403.status).toBe(403);
    quiet.push(id(upstream403));

    // Reported: a network failure of the upstream (API02, no HTTP status).
    const network = await client.get("/flaky/login");
    expect(network.status).toBe(503);
    const networkEvent = await eventually("the API02 event", () => sentry.events.find(byRequest(id(network))));
    expect(networkEvent.tags).toMatchObject({ request_id: id(network), cstm: "flaky", route: "routes/$cstm" });
    expect(networkEvent.exception?.values?.[0]?.value).toContain("API02");

    // Reported: an unexpected failure (the session store is gone under the root loader).
    // The language has a cookie of its own; a session cookie is what makes the root loader read the store.
    const cookie = await seedSession(server.dataDir, "sentry-root-loader-failure-0123456789abcdef", { cstm: "demo" });
    client.cookies.set(cookie.name, cookie.value);
    breakSessionStore(server.dataDir);
    const broken = await client.get("/demo/login");
    expect(broken.status).toBe(500);
    expect(broken.text).toContain(id(broken));
    const unexpected = await eventually("the unexpected error event", () => sentry.events.find(byRequest(id(broken))));
    expect(unexpected.tags).toMatchObject({ request_id: id(broken), cstm: "demo", route: "root", service: "assessment-platform" });
    expect(unexpected.exception?.values?.[0]?.type).toBe("SqliteError");
    // Decision 174: the server runs with source maps, so the stack names the app's own TypeScript files, not the
    // bundle in build/.
    const files = (unexpected.exception?.values?.[0]?.stacktrace?.frames ?? []).map((frame) => frame.abs_path ?? frame.filename ?? "");
    expect(
      files.filter((file) => /\/app\/.+\.tsx?$/.test(file)),
      files.join("\n"),
    ).not.toEqual([]);
    const { release } = JSON.parse(readFileSync(path.join(ROOT, "build/release.json"), "utf8")) as { release: string };
    expect(unexpected.release).toBe(release);
    expect(unexpected).toMatchObject({ environment: "integration-test" });

    // Nothing about the expected answers arrived: an event captured after all of them (a client
    // error report) has arrived, and they would have been captured long before it.
    const sentinel = await fetch(`${server.baseUrl}/_client-errors`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({
        source: "error",
        message: "sentinel after the quiet answers",
        stack: "Error: sentinel",
        url: "/demo/login",
        reference: "sentinel-0001",
      }),
    });
    expect(sentinel.status).toBe(204);
    await eventually("the sentinel event", () => sentry.events.find(byRequest(sentinel.headers.get("x-request-id")!)));
    for (const requestId of quiet) expect(sentry.events.filter(byRequest(requestId)), requestId).toEqual([]);
    // …and nothing else arrived either (no duplicate, no event of an integration without our tags).
    expect(sentry.events.map((event) => event.tags?.request_id)).toEqual([id(network), id(broken), sentinel.headers.get("x-request-id")]);
    // Decision 177: without SENTRY_TRACES_SAMPLE_RATE nothing is traced: no transaction among them.
    expect(sentry.transactions).toEqual([]);
    // Secrets are not sent: no cookie and no authorization header in any event.
    for (const raw of sentry.raw) expect(raw).not.toMatch(/__Host-session=|"cookie"|"authorization"/i);
  });

  it("R-CAT-05 a failing reset link: its hash and query secrets reach neither the log nor the Sentry event (decision 101)", async () => {
    const hash = "d41d8cd98f00b204e9800998ecf8427e";
    const secretPath = `/resets/reset-password/${hash}/de-DU`;
    const response = await fetch(`${server.baseUrl}${secretPath}?token=query-secret-0001&tab=1`, {
      headers: { Referer: `${server.baseUrl}${secretPath}`, "User-Agent": "Mozilla/5.0 (test)" },
    });
    expect(response.status).toBe(503);
    const requestId = response.headers.get("x-request-id")!;
    const event = await eventually("the API02 event of the reset link", () => sentry.events.find(byRequest(requestId)));
    expect(event.tags).toMatchObject({ request_id: requestId, cstm: "resets" });
    // The event still says which page failed, with the secret censored.
    expect(JSON.stringify(event)).toContain("/resets/reset-password/[redacted]/de-DU");
    const line = await waitForRequestLog(server.logs, requestId);
    expect(line.req?.url).toBe("/resets/reset-password/[redacted]/de-DU?token=[redacted]&tab=1");
    for (const raw of sentry.raw) {
      expect(raw).not.toContain(hash);
      expect(raw).not.toContain("query-secret-0001");
    }
    expect(server.logs()).not.toContain(hash);
    expect(server.logs()).not.toContain("query-secret-0001");
  });

  it("R-ENT-09 a client error report arrives, tagged with request id, customer, route and the page's reference", async () => {
    const response = await fetch(`${server.baseUrl}/_client-errors`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "User-Agent": "Mozilla/5.0 (test)" },
      body: JSON.stringify({
        source: "boundary",
        message: "Cannot read properties of undefined (reading 'name')",
        stack: "TypeError: Cannot read properties of undefined (reading 'name')\n    at Profile (http://localhost/assets/profile.js:1:99)",
        url: "/demo/profile?tab=1",
        reference: "document-request-0001",
      }),
    });
    expect(response.status).toBe(204);
    const requestId = response.headers.get("x-request-id")!;
    const event = await eventually("the client error event", () => sentry.events.find(byRequest(requestId)));
    expect(event.tags).toMatchObject({
      request_id: requestId,
      cstm: "demo",
      route: "/demo/profile",
      reference: "document-request-0001",
      source: "boundary",
    });
    expect(event.exception?.values?.[0]?.value).toBe("Cannot read properties of undefined (reading 'name')");
  });

  it("R-ENT-09 decision 174: a browser stack arrives in original source (log line and event), foreign frames unchanged, same release", async () => {
    // A real position in this build's shell bundle: the skip link's class name, a literal of SkipLink in
    // app/components/layouts.tsx that minification keeps.
    const bundle = readdirSync(path.join(ROOT, "build/client/assets")).find((file) => /^shell-[\w-]+\.js$/.test(file))!;
    const code = readFileSync(path.join(ROOT, "build/client/assets", bundle), "utf8");
    const index = code.indexOf('"skip-link"');
    expect(index, "the literal is in the shell bundle").toBeGreaterThan(0);
    expect(code.indexOf('"skip-link"', index + 1), "and only once").toBe(-1);
    const before = code.slice(0, index);
    const position = `${before.split("\n").length}:${index - before.lastIndexOf("\n")}`;
    const sourceLine =
      readFileSync(path.join(ROOT, "app/components/layouts.tsx"), "utf8")
        .split("\n")
        .findIndex((line) => line.includes('className="skip-link"')) + 1;
    const foreign = "    at track (https://cdn.example.com/widget.js:1:200)";
    const stack = `TypeError: Cannot read properties of undefined (reading 'cstm')\n    at Wn (${server.baseUrl}/assets/${bundle}:${position})\n${foreign}`;

    const response = await fetch(`${server.baseUrl}/_client-errors`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "User-Agent": "Mozilla/5.0 (test)" },
      body: JSON.stringify({
        source: "error",
        message: "Cannot read properties of undefined (reading 'cstm')",
        stack,
        url: "/demo/login",
        reference: "page-request-0002",
      }),
    });
    expect(response.status).toBe(204);
    const requestId = response.headers.get("x-request-id")!;

    const event = await eventually("the mapped client error event", () => sentry.events.find(byRequest(requestId)));
    // Both request ids: the report's own (request_id) and the failed page's (reference), so both log lines are found.
    expect(event.tags).toMatchObject({ request_id: requestId, reference: "page-request-0002", stack_mapped: "1/1" });
    const frames = event.exception?.values?.[0]?.stacktrace?.frames ?? [];
    expect(frames).toContainEqual(
      expect.objectContaining({ filename: "app/components/layouts.tsx", function: "SkipLink", lineno: sourceLine }),
    );
    expect(frames).toContainEqual(expect.objectContaining({ function: "track", filename: "https://cdn.example.com/widget.js" }));
    const { release } = JSON.parse(readFileSync(path.join(ROOT, "build/release.json"), "utf8")) as { release: string };
    expect(event).toMatchObject({ release, environment: "integration-test" });
    expect(event.extra?.bundleStack).toBe(stack);

    const line = await eventually("the client error log line", () =>
      server
        .logs()
        .split("\n")
        .filter(Boolean)
        .map((text) => JSON.parse(text) as { msg?: string; reqId?: string; clientError?: { stack?: string; stackMapped?: string } })
        .find((entry) => entry.msg === "client error" && entry.reqId === requestId),
    );
    expect(line.clientError?.stack).toContain(`    at SkipLink (app/components/layouts.tsx:${sourceLine}:`);
    expect(line.clientError?.stack).toContain(foreign);
    expect(line.clientError?.stackMapped).toBe("1/1");
  });

  it("decision 174: the browser bundles' source maps exist on the server and are never served", async () => {
    const bundle = readdirSync(path.join(ROOT, "build/client/assets")).find((file) => /^shell-[\w-]+\.js$/.test(file))!;
    expect(existsSync(path.join(ROOT, "build/sourcemaps/client/assets", `${bundle}.map`))).toBe(true);
    expect(readdirSync(path.join(ROOT, "build/client"), { recursive: true }).filter((file) => String(file).endsWith(".map"))).toEqual([]);
    const script = await fetch(`${server.baseUrl}/assets/${bundle}`);
    expect(script.status).toBe(200);
    expect(await script.text()).not.toContain("sourceMappingURL");
    const map = await fetch(`${server.baseUrl}/assets/${bundle}.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('"mappings"');
  });
});
