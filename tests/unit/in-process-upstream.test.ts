import { Readable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import { describe, expect, it } from "vitest";
import { InProcessDispatcher, InProcessSocket } from "../../server/in-process-upstream";

// The embedded API's calls in memory (decision 191): what a caller of the dispatcher sees is an HTTP
// exchange with the handler, as undici's request() and fetch() would have had over the network.

function echoApi() {
  const app = express();
  app.use(express.json());
  app.all("/api/echo", (req, res) => {
    res.setHeader("X-Seen-Socket", req.socket instanceof InProcessSocket ? "in-process" : "other");
    res
      .status(201)
      .json({ method: req.method, url: req.url, auth: req.get("authorization") ?? null, body: req.body as unknown, ip: req.ip });
  });
  app.get("/api/slow", () => undefined);
  app.get("/api/binary", (_req, res) => {
    res.setHeader("Content-Type", "application/pdf");
    res.write(Buffer.from([0x25, 0x50, 0x44, 0x46]));
    res.end(Buffer.from([0x2d, 0x31]));
  });
  // A large export, written as a stream that waits whenever the response says it is full.
  app.get("/api/export", (_req, res) => {
    res.setHeader("Content-Type", "text/csv");
    Readable.from(
      (function* () {
        for (let row = 0; row < 100_000; row++) yield `${row};applicant-${row};${"x".repeat(40)}\n`;
      })(),
    ).pipe(res);
  });
  app.get("/api/cookies", (_req, res) => {
    res.setHeader("Set-Cookie", ["a=1", "b=2"]);
    res.status(204).end();
  });
  app.get("/api/fails", () => {
    throw new Error("broken handler");
  });
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ errorCode: "API01" });
  });
  const dispatcher = new InProcessDispatcher();
  dispatcher.serve(app);
  return dispatcher;
}

// Never connected to: the dispatcher answers every call itself.
const ORIGIN = "http://127.0.0.1:4567";

describe("in-process upstream dispatcher (decision 191)", () => {
  it("hands method, path, query, headers and JSON body to the handler and returns status, headers and body", async () => {
    const dispatcher = echoApi();
    const response = await dispatcher.request({
      origin: ORIGIN,
      path: "/api/echo?profileId=P100",
      method: "POST",
      headers: { Authorization: "Bearer t0k3n", "Content-Type": "application/json" },
      body: JSON.stringify({ answer: "ä-42" }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.headers["x-seen-socket"]).toBe("in-process");
    expect(await response.body.json()).toEqual({
      method: "POST",
      url: "/api/echo?profileId=P100",
      auth: "Bearer t0k3n",
      body: { answer: "ä-42" },
      ip: "127.0.0.1",
    });
  });

  it("serves fetch() as well: binary bodies written in parts arrive whole, repeated headers stay apart", async () => {
    const dispatcher = echoApi();
    const pdf = await fetch(`${ORIGIN}/api/binary`, { dispatcher } as RequestInit);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect([...new Uint8Array(await pdf.arrayBuffer())]).toEqual([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);
    const cookies = await fetch(`${ORIGIN}/api/cookies`, { dispatcher } as RequestInit);
    expect(cookies.status).toBe(204);
    expect(cookies.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    const posted = await fetch(`${ORIGIN}/api/echo`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ via: "fetch" }),
      dispatcher,
    } as RequestInit);
    expect(((await posted.json()) as { body: unknown }).body).toEqual({ via: "fetch" });
  });

  it("a large streamed body arrives whole and in order, also when the caller reads slowly", async () => {
    const response = await echoApi().request({ origin: ORIGIN, path: "/api/export", method: "GET" });
    expect(response.statusCode).toBe(200);
    let received = "";
    for await (const chunk of response.body) {
      received += String(chunk);
      // A slow reader: the writer has to wait for it (backpressure) and must not stall for good.
      if (received.length % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const rows = received.trimEnd().split("\n");
    expect(rows).toHaveLength(100_000);
    expect(rows[0]).toBe(`0;applicant-0;${"x".repeat(40)}`);
    expect(rows[99_999]).toBe(`99999;applicant-99999;${"x".repeat(40)}`);
  });

  it("a handler's error is the handler's answer (a 500), not a failed call", async () => {
    const response = await echoApi().request({ origin: ORIGIN, path: "/api/fails", method: "GET" });
    expect(response.statusCode).toBe(500);
    expect(await response.body.json()).toEqual({ errorCode: "API01" });
  });

  it("a call whose budget runs out rejects with the signal's reason, like a call over the network", async () => {
    const dispatcher = echoApi();
    const call = dispatcher.request({ origin: ORIGIN, path: "/api/slow", method: "GET", signal: AbortSignal.timeout(50) });
    await expect(call).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("a response ends as on a server: 'finish' once, then 'close' once, so a request logger writes one line", async () => {
    // pino-http listens to both events and drops its listeners at the first; a 'close' emitted from
    // inside 'finish' reached its 'finish' listener as well, and every embedded API call was logged twice.
    const lines: Array<{ msg?: string; req?: { url?: string } }> = [];
    const destination = { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) };
    const events: string[] = [];
    const app = express();
    app.use(pinoHttp({ logger: pino({}, destination) }));
    app.get("/api/logged", (_req, res) => {
      res.on("finish", () => events.push("finish"));
      res.on("close", () => events.push("close"));
      res.json({ ok: true });
    });
    const dispatcher = new InProcessDispatcher();
    dispatcher.serve(app);
    const response = await dispatcher.request({ origin: ORIGIN, path: "/api/logged", method: "GET" });
    expect(await response.body.json()).toEqual({ ok: true });
    await expect.poll(() => events, { timeout: 5_000 }).toEqual(["finish", "close"]);
    expect(lines.filter((line) => line.msg === "request completed").map((line) => line.req?.url)).toEqual(["/api/logged"]);
  });

  it("before the app serves, a call fails as a refused connection would", async () => {
    const call = new InProcessDispatcher().request({ origin: ORIGIN, path: "/api/echo", method: "GET" });
    await expect(call).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
