import { Writable } from "node:stream";
import type { AppLoadContext } from "@remix-run/node";
import * as Sentry from "@sentry/remix";
import type { ErrorEvent } from "@sentry/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "@remix-run/router";
import { handleError } from "~/entry.server";
import { reportInvalidContainers, reportServerError } from "~/errors/report.server";
import { createLogger } from "../../server/logger";

/**
 * The reporting functions other features call (R-VAL-07: 'Could not initialize Containers'):
 * a log line and a Sentry event with request id, customer and route. Sentry runs in-process with a
 * beforeSend that keeps the events instead of sending them.
 */
const events: ErrorEvent[] = [];

beforeAll(() => {
  Sentry.init({
    dsn: "http://publickey@127.0.0.1:9/1",
    beforeSend(event) {
      events.push(event);
      return null;
    },
  });
});

afterAll(async () => {
  await Sentry.close(100);
});

function fakeContext(sentryEnabled: boolean) {
  let output = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  const context = {
    requestId: "req-containers-0001",
    logger: createLogger("info", stream).child({ reqId: "req-containers-0001" }),
    services: { sentryEnabled },
  } as unknown as AppLoadContext;
  return { context, output: () => output };
}

describe("reporting", () => {
  it("R-VAL-07 invalid containers are logged and reported with request id, customer and route", async () => {
    const { context, output } = fakeContext(true);
    const request = new Request("http://localhost/demo/home?profile=P100");
    reportInvalidContainers(context, request, { dropped: [{ pcc_id: 7, reason: "name is empty" }], kept: 2 });
    await Sentry.flush(500);
    const event = events.find((candidate) => candidate.tags?.request_id === "req-containers-0001");
    expect(event?.exception?.values?.[0]).toMatchObject({ type: "InvalidContainersError", value: "Could not initialize Containers" });
    expect(event?.tags).toMatchObject({ request_id: "req-containers-0001", cstm: "demo", route: "/demo/home" });
    expect(event?.extra).toMatchObject({ containers: { kept: 2 } });
    const line = JSON.parse(output().trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: "error", reqId: "req-containers-0001", msg: "Could not initialize Containers", containers: { kept: 2 } });
  });

  it("R-CAT-05 unexpected server errors are reported; without SENTRY_DSN only logged", async () => {
    const before = events.length;
    const quiet = fakeContext(false);
    reportServerError(new Error("render exploded"), new Request("http://localhost/demo/login"), quiet.context);
    await Sentry.flush(200);
    expect(events.length).toBe(before);
    expect(quiet.output()).toContain('"unexpected server error"');

    const loud = fakeContext(true);
    reportServerError(new Error("render exploded"), new Request("http://localhost/demo/login"), loud.context);
    await Sentry.flush(500);
    expect(events.at(-1)?.tags).toMatchObject({ request_id: "req-containers-0001", cstm: "demo", route: "/demo/login" });
  });
});

describe("issue 10 reports never name a link secret", () => {
  it("issue 10 an error on a reset link logs and tags the path with the hash censored", async () => {
    const { context, output } = fakeContext(true);
    const hash = "5f4dcc3b5aa765d61d8327deb882cf99";
    reportServerError(new Error("render exploded"), new Request(`http://localhost/demo/reset-password/${hash}/de?token=t-0001`), context);
    reportInvalidContainers(context, new Request(`http://localhost/demo/activation/${hash}/de`), { kept: 0 });
    await Sentry.flush(500);
    const reported = events.slice(-2);
    expect(reported.map((event) => event.tags?.route)).toEqual(["/demo/reset-password/[redacted]/de", "/demo/activation/[redacted]/de"]);
    expect(output()).toContain('"route":"/demo/reset-password/[redacted]/de"');
    expect(output()).not.toContain(hash);
    // (The events' stack frames quote this test's source, hash included: only what the report sets is checked.)
    expect(JSON.stringify(reported.map(({ tags, extra, message }) => ({ tags, extra, message })))).not.toContain(hash);
  });
});

describe("entry.server handleError", () => {
  const args = (context: AppLoadContext, signal?: AbortSignal) =>
    ({ request: new Request("http://localhost/demo/login", { signal }), context, params: {} }) as Parameters<typeof handleError>[1];

  it("R-CAT-05 reports render failures, not Remix's 4xx answers and not aborted requests", async () => {
    const { context, output } = fakeContext(true);
    const before = events.length;
    handleError(new ErrorResponse(404, "Not Found", null, true), args(context));
    handleError(new ErrorResponse(405, "Method Not Allowed", null, true), args(context));
    const aborted = new AbortController();
    aborted.abort();
    handleError(new Error("browser went away"), args(context, aborted.signal));
    await Sentry.flush(200);
    expect(events.length).toBe(before);
    expect(output()).toBe("");

    handleError(new Error("component threw"), args(context));
    await Sentry.flush(500);
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)?.exception?.values?.[0]?.value).toBe("component threw");
    expect(output()).toContain('"unexpected server error"');
  });
});
