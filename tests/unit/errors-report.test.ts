import { Writable } from "node:stream";
import type { AppLoadContext } from "@remix-run/node";
import * as Sentry from "@sentry/node";
import type { ErrorEvent } from "@sentry/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "@remix-run/router";
import { handleError } from "~/entry.server";
import { reportInvalidContainers, reportServerError } from "~/errors/report.server";
import { createLogger } from "../../server/logger";

/**
 * The reporting functions other features call (R-VAL-07: 'Could not initialize Containers'):
 * a log line and a Sentry event with request id, customer and route. Sentry runs in-process as production
 * runs it without tracing (errors only, no per-request scopes: docs/decisions/197), with a beforeSend that
 * keeps the events instead of sending them.
 */
const events: ErrorEvent[] = [];

beforeAll(() => {
  Sentry.init({
    dsn: "http://publickey@127.0.0.1:9/1",
    skipOpenTelemetrySetup: true,
    defaultIntegrations: false,
    beforeSend(event) {
      events.push(event);
      return null;
    },
  });
});

afterAll(async () => {
  await Sentry.close(100);
});

/**
 * The events of one request id, once `count` of them have passed Sentry's (asynchronous)
 * processing; polls with a deadline instead of trusting one flush to be long enough under load.
 */
async function eventsOf(requestId: string, count = 1): Promise<ErrorEvent[]> {
  const mine = () => events.filter((event) => event.tags?.request_id === requestId);
  const deadline = Date.now() + 10_000;
  while (mine().length < count && Date.now() < deadline) await Sentry.flush(100);
  expect(mine(), `events of ${requestId}`).toHaveLength(count);
  return mine();
}

function fakeContext(sentryEnabled: boolean, requestId = "req-containers-0001") {
  let output = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  const context = {
    requestId,
    logger: createLogger("info", stream).child({ reqId: requestId }),
    services: { sentryEnabled },
  } as unknown as AppLoadContext;
  return { context, output: () => output };
}

describe("reporting", () => {
  it("R-VAL-07 invalid containers are logged and reported with request id, customer and route", async () => {
    const { context, output } = fakeContext(true);
    const request = new Request("http://localhost/demo/home?profile=P100");
    reportInvalidContainers(context, request, { dropped: [{ pcc_id: 7, reason: "name is empty" }], kept: 2 });
    const [event] = await eventsOf("req-containers-0001");
    expect(event?.exception?.values?.[0]).toMatchObject({ type: "InvalidContainersError", value: "Could not initialize Containers" });
    expect(event?.tags).toMatchObject({ request_id: "req-containers-0001", cstm: "demo", route: "/demo/home" });
    expect(event?.extra).toMatchObject({ containers: { kept: 2 } });
    const line = JSON.parse(output().trim()) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: "error",
      reqId: "req-containers-0001",
      msg: "Could not initialize Containers",
      containers: { kept: 2 },
    });
  });

  it("R-CAT-05 unexpected server errors are reported; without SENTRY_DSN only logged", async () => {
    const quiet = fakeContext(false, "req-quiet-0001");
    reportServerError(new Error("render exploded"), new Request("http://localhost/demo/login"), quiet.context);
    expect(quiet.output()).toContain('"unexpected server error"');

    const loud = fakeContext(true, "req-loud-0001");
    reportServerError(new Error("render exploded"), new Request("http://localhost/demo/login"), loud.context);
    const [event] = await eventsOf("req-loud-0001");
    expect(event.tags).toMatchObject({ request_id: "req-loud-0001", cstm: "demo", route: "/demo/login" });
    // The quiet one was sent to no one (it was captured, if at all, before the loud one).
    expect(events.filter((candidate) => candidate.tags?.request_id === "req-quiet-0001")).toEqual([]);
  });
});

describe("decision 197: each event carries only its own report", () => {
  it("R-CAT-05 tags, extras and the failed request stay with their event, not with the next report's", async () => {
    const first = fakeContext(true, "req-first-0001");
    reportInvalidContainers(first.context, new Request("http://localhost/first/home"), { kept: 1 });
    const [firstEvent] = await eventsOf("req-first-0001");
    expect(firstEvent.request).toMatchObject({ method: "GET", url: "http://localhost/first/home" });

    const second = fakeContext(true, "req-second-0001");
    reportServerError(new Error("render exploded"), new Request("http://localhost/second/login", { method: "POST" }), second.context);
    const [secondEvent] = await eventsOf("req-second-0001");
    expect(secondEvent.tags).toMatchObject({ request_id: "req-second-0001", cstm: "second", route: "/second/login" });
    expect(secondEvent.request).toMatchObject({ method: "POST", url: "http://localhost/second/login" });
    // Nothing of the first report: its extras and fingerprint were set on its event's own scope.
    expect(secondEvent.extra?.containers).toBeUndefined();
    expect(secondEvent.fingerprint ?? []).not.toContain("invalid-containers");
  });
});

describe("R-CAT-05 reports never name a link secret (decision 101)", () => {
  it("decision 101: an error on a reset link logs and tags the path with the hash censored", async () => {
    const { context, output } = fakeContext(true, "req-secret-0001");
    const hash = "5f4dcc3b5aa765d61d8327deb882cf99";
    reportServerError(new Error("render exploded"), new Request(`http://localhost/demo/reset-password/${hash}/de?token=t-0001`), context);
    reportInvalidContainers(context, new Request(`http://localhost/demo/activation/${hash}/de`), { kept: 0 });
    const reported = await eventsOf("req-secret-0001", 2);
    expect(reported.map((event) => event.tags?.route).sort()).toEqual([
      "/demo/activation/[redacted]/de",
      "/demo/reset-password/[redacted]/de",
    ]);
    expect(output()).toContain('"route":"/demo/reset-password/[redacted]/de"');
    expect(output()).not.toContain(hash);
    // (The events' stack frames quote this test's source, hash included: only what the report sets is checked.)
    expect(JSON.stringify(reported.map(({ tags, extra, message }) => ({ tags, extra, message })))).not.toContain(hash);
  });
});

describe("entry.server handleError", () => {
  const args = (context: AppLoadContext, signal?: AbortSignal) => ({
    request: new Request("http://localhost/demo/login", { signal }),
    context,
    params: {},
  });

  it("R-CAT-05 reports render failures, not Remix's 4xx answers and not aborted requests", async () => {
    const { context, output } = fakeContext(true, "req-handle-error-0001");
    handleError(new ErrorResponse(404, "Not Found", null, true), args(context));
    handleError(new ErrorResponse(405, "Method Not Allowed", null, true), args(context));
    const aborted = new AbortController();
    aborted.abort();
    handleError(new Error("browser went away"), args(context, aborted.signal));
    expect(output()).toBe("");

    // The one real failure arrives, and it is the only event of this request: the answers above
    // (handled before it) sent nothing.
    handleError(new Error("component threw"), args(context));
    const [event] = await eventsOf("req-handle-error-0001", 1);
    expect(event.exception?.values?.[0]?.value).toBe("component threw");
    expect(output()).toContain('"unexpected server error"');
  });
});
