import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { startServer, type RunningServer } from "../support/server";
import {
  customerConfig,
  eventually,
  json,
  seedSession,
  sentryServerEnv,
  startFakeSentry,
  startFakeUpstream,
  type FakeServer,
  type SentrySpan,
} from "./errors-fakes";

/**
 * Decision 177: with SENTRY_TRACES_SAMPLE_RATE set, a page's request is one trace in Sentry: the request, its
 * loaders, each upstream call (whose request carries `sentry-trace` and `baggage` of the same trace, so a backend
 * that uses Sentry joins it) and the render, without personal data. Server started as the image does.
 */
let sentry: Awaited<ReturnType<typeof startFakeSentry>>;
let upstream: FakeServer;
let server: RunningServer;

// A recruiter opens an applicant whose user name is their e-mail address: personal data in the page's and the
// upstream call's path.
const USER_NAME = "erika.traced@example.org";

beforeAll(async () => {
  sentry = await startFakeSentry();
  upstream = await startFakeUpstream({
    "GET /getConfiguration": (call, res) => json(res, 200, customerConfig(call.query.get("cstm") ?? "")),
    // The applicant belongs to another customer: the upstream refuses (SDK drops the traces of 404 pages).
    [`GET /demo/recruiter/applicants/${encodeURIComponent(USER_NAME)}`]: (_call, res) => json(res, 403, { status: "failed" }),
  });
  server = await startServer({
    ...sentryServerEnv(sentry, "integration-test"),
    SENTRY_TRACES_SAMPLE_RATE: "1",
    UPSTREAM_API_URL: upstream.url,
    CONFIG_CACHE_TTL_S: "0",
  });
});

afterAll(async () => {
  await server?.stop();
  await upstream?.close();
  await sentry?.close();
});

describe("Sentry tracing", () => {
  it("decision 177: a page is one trace of request, loaders, upstream calls and render; the upstream joins it; no personal data", async () => {
    const client = new BrowserClient(server.baseUrl);
    const cookie = await seedSession(server.dataDir, "traced-recruiter-session-0123456789abcdef", {
      cstm: "demo",
      recruiter: { token: "recruiter-token-traced-0001", expiresAt: Math.floor(Date.now() / 1000) + 3600, userName: "rita", cstm: "demo" },
    });
    client.cookies.set(cookie.name, cookie.value);
    const page = await client.get(`/demo/recruiter/applicants/${encodeURIComponent(USER_NAME)}`);
    // An answer, not a fault: the page says so.
    expect(page.status).toBe(403);

    const detailCall = upstream.calls.find((call) => call.path.startsWith("/demo/recruiter/applicants/"));
    expect(detailCall, "the page asked the upstream for the applicant").toBeDefined();
    const sentryTrace = String(detailCall!.headers["sentry-trace"] ?? "");
    expect(sentryTrace).toMatch(/^[0-9a-f]{32}-[0-9a-f]{16}-1$/);
    const [traceId, upstreamSpanId] = sentryTrace.split("-");
    expect(String(detailCall!.headers.baggage ?? "")).toContain(`sentry-trace_id=${traceId}`);

    const transaction = await eventually("the page's transaction", () =>
      sentry.transactions.find((candidate) => candidate.contexts?.trace?.trace_id === traceId),
    );
    // Support finds it by the page's reference, as they find its errors.
    expect(transaction.tags).toMatchObject({ request_id: page.headers.get("x-request-id") });
    const spans: SentrySpan[] = [transaction.contexts!.trace!, ...(transaction.spans ?? [])];
    const summary = spans.map((span) => `${span.op ?? "-"} ${span.description ?? ""}`).join("\n");
    // Every page's upstream call is a span of this trace, and the one the upstream was told is its parent.
    const upstreamSpan = spans.find((span) => span.span_id === upstreamSpanId);
    expect(upstreamSpan?.op, summary).toBe("http.client");
    expect(upstreamSpan?.description, summary).toContain("/demo/recruiter/applicants/[redacted]");
    expect(spans.filter((span) => span.op === "http.client").length, summary).toBeGreaterThanOrEqual(2);
    // The route's loader (Remix route id) and the render of the document.
    const loader = spans.find((span) => span.description === "loader routes/$cstm.recruiter.applicants.$userName");
    expect(loader?.op, summary).toBe("loader.remix");
    expect(loader?.data).toMatchObject({ "match.params.cstm": "demo", "match.params.userName": "[redacted]" });
    expect(upstreamSpan?.parent_span_id, "the upstream call is the loader's").toBe(loader?.span_id);
    expect(
      spans.some((span) => span.op === "ui.render" && span.description === "render document"),
      summary,
    ).toBe(true);

    // No personal data, no secret: not the user name (plain or encoded), not the token, not the session cookie.
    const raw = sentry.raw.filter((text) => text.includes(traceId)).join("\n");
    expect(raw).not.toBe("");
    for (const secret of [USER_NAME, encodeURIComponent(USER_NAME), "erika.traced", "recruiter-token-traced-0001", cookie.value]) {
      expect(raw).not.toContain(secret);
    }
    expect(raw).not.toMatch(/__Host-session=|"cookie"|"authorization"/i);
  });
});
