import { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import { describe, expect, it } from "vitest";
import { InProcessDispatcher, InProcessSocket } from "../../server/in-process-upstream";

// The embedded API's calls in memory (decision 191): what a caller of the dispatcher sees is an HTTP
// exchange with the handler, as undici's request() and fetch() would have had over the network.

type Way = "full" | "light";

/** The echo API as the server mounts the embedded one: a router under /api, an error handler after it. */
function echoApi(way: Way = "light") {
  const router = express.Router();
  router.use(express.json({ limit: 1000 }));
  router.all("/echo", (req, res) => {
    res.setHeader("X-Seen-Socket", req.socket instanceof InProcessSocket ? "in-process" : "other");
    res.setHeader("X-Seen-Way", req instanceof IncomingMessage ? "full" : "light");
    res.status(201).json({
      method: req.method,
      url: req.originalUrl,
      path: req.path,
      baseUrl: req.baseUrl,
      query: req.query,
      auth: req.get("authorization") ?? null,
      body: req.body as unknown,
      ip: req.ip,
    });
  });
  router.get("/slow", (_req, res) => {
    res.on("close", () => closedSlow.push({ destroyed: res.destroyed, ended: res.writableEnded }));
  });
  router.get("/binary", (_req, res) => {
    res.setHeader("Content-Type", "application/pdf");
    res.write(Buffer.from([0x25, 0x50, 0x44, 0x46]));
    res.end(Buffer.from([0x2d, 0x31]));
  });
  // A large export, written as a stream that waits whenever the response says it is full.
  router.get("/export", (_req, res) => {
    res.setHeader("Content-Type", "text/csv");
    Readable.from(
      (function* () {
        for (let row = 0; row < 100_000; row++) yield `${row};applicant-${row};${"x".repeat(40)}\n`;
      })(),
    ).pipe(res);
  });
  router.get("/cookies", (_req, res) => {
    res.setHeader("Set-Cookie", ["a=1", "b=2"]);
    res.status(204).end();
  });
  router.get("/fails", () => {
    throw new Error("broken handler");
  });
  router.use((_req, res) => res.status(404).json({ error: "not_found" }));
  // As the embedded API's: a parser's client error keeps its status, anything else is a 500.
  router.use((error: { status?: number; type?: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (error.status && error.status < 500) return res.status(error.status).json({ error: error.type ?? "client" });
    res.status(500).json({ errorCode: "API01" });
  });
  const after = (_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).end("last resort");
  };
  const app = express();
  app.disable("x-powered-by");
  app.use("/api", router);
  app.use(after);
  const dispatcher = new InProcessDispatcher();
  if (way === "light") dispatcher.serve(app, { app, before: [], mountPath: "/api", router, after, bodyLimitBytes: 1000 });
  else dispatcher.serve(app);
  return dispatcher;
}

const closedSlow: Array<{ destroyed: boolean; ended: boolean }> = [];

// Never connected to: the dispatcher answers every call itself.
const ORIGIN = "http://127.0.0.1:4567";

describe.each<Way>(["full", "light"])("in-process upstream dispatcher (decisions 191, 194), the %s way", (way) => {
  it("hands method, path, query, headers and JSON body to the handler and returns status, headers and body", async () => {
    const dispatcher = echoApi(way);
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
    expect(response.headers["x-seen-way"]).toBe(way);
    expect(await response.body.json()).toEqual({
      method: "POST",
      url: "/api/echo?profileId=P100",
      path: "/echo",
      baseUrl: "/api",
      query: { profileId: "P100" },
      auth: "Bearer t0k3n",
      body: { answer: "ä-42" },
      ip: "127.0.0.1",
    });
  });

  it("serves fetch() as well: binary bodies written in parts arrive whole, repeated headers stay apart", async () => {
    const dispatcher = echoApi(way);
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
    const response = await echoApi(way).request({ origin: ORIGIN, path: "/api/export", method: "GET" });
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
    const response = await echoApi(way).request({ origin: ORIGIN, path: "/api/fails", method: "GET" });
    expect(response.statusCode).toBe(500);
    expect(await response.body.json()).toEqual({ errorCode: "API01" });
  });

  it("a call whose budget runs out rejects with the signal's reason, like a call over the network", async () => {
    const dispatcher = echoApi(way);
    const call = dispatcher.request({ origin: ORIGIN, path: "/api/slow", method: "GET", signal: AbortSignal.timeout(50) });
    await expect(call).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("a response ends as on a server: 'finish' once, then 'close' once, so a request logger writes one line", async () => {
    // pino-http listens to both events and drops its listeners at the first; a 'close' emitted from
    // inside 'finish' reached its 'finish' listener as well, and every embedded API call was logged twice.
    const lines: Array<{ msg?: string; req?: { url?: string } }> = [];
    const destination = { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) };
    const events: string[] = [];
    const router = express.Router();
    router.get("/logged", (_req, res) => {
      res.on("finish", () => events.push("finish"));
      res.on("close", () => events.push("close"));
      res.json({ ok: true });
    });
    const log = pinoHttp({ logger: pino({}, destination) });
    const after: express.ErrorRequestHandler = (_error, _req, res) => void res.status(500).end();
    const app = express();
    app.use(log);
    app.use("/api", router);
    app.use(after);
    const dispatcher = new InProcessDispatcher();
    if (way === "light") dispatcher.serve(app, { app, before: [log], mountPath: "/api", router, after, bodyLimitBytes: 1000 });
    else dispatcher.serve(app);
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

describe("the light way (decision 194): the app's own JSON calls, answered as the full way answers them", () => {
  async function answer(dispatcher: InProcessDispatcher, path: string, method = "GET", body?: string, contentType?: string) {
    const response = await dispatcher.request({
      origin: ORIGIN,
      path,
      method: method as "GET",
      headers: contentType ? { "Content-Type": contentType } : {},
      body,
    });
    return { status: response.statusCode, headers: response.headers, body: await response.body.text() };
  }

  const calls: Array<{ name: string; path: string; method?: string; body?: string; type?: string; way: Way }> = [
    { name: "a GET with a nested query", path: "/api/echo?a[b]=1&a[c]=2&list=1&list=2", way: "light" },
    {
      name: "a POST with a JSON body",
      path: "/api/echo",
      method: "POST",
      body: '{"answer":"ä-42"}',
      type: "application/json",
      way: "light",
    },
    {
      name: "a JSON body in UTF-8",
      path: "/api/echo",
      method: "POST",
      body: "[1,2]",
      type: "application/json; charset=utf-8",
      way: "light",
    },
    { name: "an empty JSON body", path: "/api/echo", method: "POST", body: "", type: "application/json", way: "light" },
    { name: "an empty body of another type", path: "/api/echo", method: "POST", body: "", type: "text/plain", way: "light" },
    { name: "broken JSON (400)", path: "/api/echo", method: "POST", body: '{"answer":', type: "application/json", way: "full" },
    { name: "a bare JSON string (strict: 400)", path: "/api/echo", method: "POST", body: '"text"', type: "application/json", way: "full" },
    {
      name: "a body over the limit (413)",
      path: "/api/echo",
      method: "POST",
      body: JSON.stringify({ long: "x".repeat(1200) }),
      type: "application/json",
      way: "full",
    },
    { name: "another charset (415)", path: "/api/echo", method: "POST", body: "{}", type: "application/json; charset=latin1", way: "full" },
    {
      name: "another type of body",
      path: "/api/echo",
      method: "POST",
      body: "a=1",
      type: "application/x-www-form-urlencoded",
      way: "full",
    },
    { name: "the mount path in other letters", path: "/API/echo", way: "full" },
    { name: "an unknown path (the API's 404)", path: "/api/nothing", way: "light" },
    { name: "a handler that throws (500)", path: "/api/fails", way: "light" },
  ];

  it.each(calls)("$name: status, headers and body as the full way's; taken the $way way", async (call) => {
    const light = await answer(echoApi("light"), call.path, call.method, call.body, call.type);
    const full = await answer(echoApi("full"), call.path, call.method, call.body, call.type);
    // The echo names the way it was served; everything else is the same message.
    const { "x-seen-way": seenWay, ...lightHeaders } = light.headers;
    const { "x-seen-way": _fullWay, ...fullHeaders } = full.headers;
    expect({ ...light, headers: lightHeaders }).toEqual({ ...full, headers: fullHeaders });
    if (light.status === 201) expect(seenWay).toBe(call.way);
    else expect(seenWay).toBeUndefined();
  });

  it("a caller that gives up leaves the handler's response closed and destroyed, as a closed connection would", async () => {
    closedSlow.length = 0;
    const call = echoApi("light").request({ origin: ORIGIN, path: "/api/slow", method: "GET", signal: AbortSignal.timeout(50) });
    await expect(call).rejects.toMatchObject({ name: "TimeoutError" });
    await expect.poll(() => closedSlow, { timeout: 5_000 }).toEqual([{ destroyed: true, ended: false }]);
  });
});
