import type { ErrorEvent } from "@sentry/node";
import { describe, expect, it } from "vitest";
import { redactLinksInText, scrubBreadcrumb, scrubSentryEvent, scrubSentryTransaction } from "~/errors/sentry-scrub.server";

/**
 * DESIGN §8 / decision 101: what the Sentry SDK collects by itself (request URL, query string,
 * transaction name, headers, breadcrumbs of outgoing calls) passes the log's URL redaction before
 * it is sent (instrument.server.ts beforeSend/beforeBreadcrumb). The integration test
 * (observability-sentry) proves it on a real event; this one covers the shapes the SDK may use.
 */
const HASH = "0cc175b9c0f1b6a831c399e269772661";

describe("R-CAT-05 Sentry events carry no link secrets (decision 101)", () => {
  it("decision 101: request URL, query string (string, object or pairs), Referer, transaction and message are censored", () => {
    const base = (query_string: NonNullable<ErrorEvent["request"]>["query_string"]): ErrorEvent => ({
      type: undefined,
      transaction: `GET /demo/reset-password/${HASH}/de`,
      message: `failed at /demo/activation/${HASH}/de?hash=${HASH}`,
      exception: { values: [{ type: "Error", value: `no engine session /demo/engine/${HASH}` }] },
      tags: { route: `/demo/reset-password/${HASH}/de` },
      request: {
        url: `https://app.example/demo/reset-password/${HASH}/de?token=${HASH}&tab=2`,
        query_string,
        headers: {
          referer: `https://app.example/demo/activation/${HASH}/de`,
          cookie: "__Host-session=abc",
          authorization: "Bearer x",
          accept: "text/html",
        },
        cookies: { "__Host-session": "abc" },
        data: { password: "pw" },
      },
    });
    for (const query of [
      `token=${HASH}&tab=2`,
      { token: HASH, tab: "2" },
      [
        ["token", HASH],
        ["tab", "2"],
      ] as Array<[string, string]>,
    ]) {
      const event = scrubSentryEvent(base(query));
      const text = JSON.stringify(event);
      expect(text).not.toContain(HASH);
      expect(event.request?.url).toBe("https://app.example/demo/reset-password/[redacted]/de?token=[redacted]&tab=2");
      expect(event.transaction).toBe("GET /demo/reset-password/[redacted]/de");
      expect(event.request?.headers).toEqual({ referer: "https://app.example/demo/activation/[redacted]/de", accept: "text/html" });
      expect(event.request?.cookies).toBeUndefined();
      expect(event.request?.data).toBeUndefined();
      expect(text).toContain("tab");
    }
  });

  it("decision 101: breadcrumbs of outgoing calls and navigations are censored, bodies dropped", () => {
    const crumb = scrubBreadcrumb({
      category: "http",
      message: `POST /demo/reset-password/${HASH}/de`,
      data: {
        url: `http://127.0.0.1/api/x?userHash=${HASH}`,
        "http.query": `?token=${HASH}&cstm=demo`,
        body: "password=pw",
        from: `/demo/engine/${HASH}`,
      },
    });
    expect(JSON.stringify(crumb)).not.toContain(HASH);
    expect(crumb.data).toEqual({
      url: "http://127.0.0.1/api/x?userHash=[redacted]",
      "http.query": "?token=[redacted]&cstm=demo",
      from: "/demo/engine/[redacted]",
    });
  });

  it("R-SCR-14 decision 171: an upstream failure's path in extra data and fingerprint names no applicant, codes and searches censored", () => {
    const path = "/demo/recruiter/applicants/ben.schulz@example.com/values";
    const event = scrubSentryEvent({
      type: undefined,
      message: `upstream ${path} failed (response)`,
      extra: { codes: ["API02"], failure: { kind: "response", status: 500, path, body: { hint: `see ${path}?q=Schulz&page=2` } } },
      fingerprint: ["upstream", "response", path],
      breadcrumbs: [{ category: "navigation", data: { from: "/demo/continue?code=ABCD-EFGH", to: "/demo/home" } }],
    });
    const text = JSON.stringify(event);
    for (const secret of ["ben.schulz", "Schulz", "ABCD-EFGH"]) expect(text).not.toContain(secret);
    expect(event.fingerprint).toEqual(["upstream", "response", "/demo/recruiter/applicants/[redacted]/values"]);
    expect(event.extra).toEqual({
      codes: ["API02"],
      failure: {
        kind: "response",
        status: 500,
        path: "/demo/recruiter/applicants/[redacted]/values",
        body: { hint: "see /demo/recruiter/applicants/[redacted]/values?q=[redacted]&page=2" },
      },
    });
  });

  it("decision 101: free text keeps what is not a secret", () => {
    expect(redactLinksInText("GET /demo/login?langId=de")).toBe("GET /demo/login?langId=de");
    expect(redactLinksInText(`see "/demo/reset-password/${HASH}" now`)).toBe('see "/demo/reset-password/[redacted]" now');
  });

  it("decision 177: a trace's spans name no applicant and no secret: route parameters, upstream URLs, Redis keys", () => {
    const transaction = {
      type: "transaction" as const,
      transaction: `GET /demo/reset-password/${HASH}/de`,
      contexts: {
        trace: {
          op: "http.server",
          data: {
            "http.url": `http://app/demo/reset-password/${HASH}/de?token=t0k`,
            "code.function": "requestHandler",
            "match.route.id": "routes/x",
          },
        },
      },
      spans: [
        {
          op: "loader.remix",
          description: "GET http://app/demo/recruiter/applicants/erika%40example.org",
          data: {
            "code.function": "loader",
            "match.route.id": "routes/$cstm.recruiter.applicants.$userName",
            "match.params.cstm": "demo",
            "match.params.userName": "erika@example.org",
            "match.params.userHash": HASH,
            "match.params.*": "some/where",
          },
        },
        {
          op: "http.client",
          description: "GET http://api/api/demo/recruiter/applicants/erika%40example.org",
          data: {
            "url.full": "http://api/api/demo/recruiter/applicants/erika%40example.org?q=Erika&language=de",
            "url.query": "?q=Erika&language=de",
            "http.query": "q=Erika&language=de",
            "http.request.header.authorization": "Bearer secret",
          },
        },
        { op: "db", description: "get sess:0123456789abcdef", data: { "db.system": "redis", "db.statement": "get sess:0123456789abcdef" } },
        { op: "db", description: "ping", data: { "db.system": "redis", "db.statement": "ping" } },
      ],
    };
    const scrubbed = scrubSentryTransaction(structuredClone(transaction));
    const text = JSON.stringify(scrubbed);
    for (const secret of [HASH, "t0k", "erika", "Erika", "Bearer", "0123456789abcdef", "some/where"]) expect(text).not.toContain(secret);
    expect(scrubbed.transaction).toBe("GET /demo/reset-password/[redacted]/de");
    const [loader, upstream, redis, ping] = scrubbed.spans;
    // A loader span is named by its route, its harmless parameters stay.
    expect(loader.description).toBe("loader routes/$cstm.recruiter.applicants.$userName");
    expect(loader.data).toMatchObject({
      "match.params.cstm": "demo",
      "match.params.userName": "[redacted]",
      "match.params.*": "[redacted]",
    });
    expect(upstream.description).toBe("GET http://api/api/demo/recruiter/applicants/[redacted]");
    expect(upstream.data).toEqual({
      "url.full": "http://api/api/demo/recruiter/applicants/[redacted]?q=[redacted]&language=de",
      "url.query": "?q=[redacted]&language=de",
      "http.query": "q=[redacted]&language=de",
    });
    expect(redis).toMatchObject({ description: "get [redacted]", data: { "db.statement": "get [redacted]" } });
    expect(ping).toMatchObject({ description: "ping", data: { "db.statement": "ping" } });
    // The request span keeps its name (the route pattern the SDK gave it), only its URL is censored.
    expect(scrubbed.contexts.trace.data["http.url"]).toBe("http://app/demo/reset-password/[redacted]/de?token=[redacted]");
  });
});
