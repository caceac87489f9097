import { EventEmitter } from "node:events";
import { IncomingMessage, ServerResponse, STATUS_CODES, validateHeaderName, validateHeaderValue } from "node:http";
import { Writable } from "node:stream";
import express from "express";
import { Dispatcher } from "undici";

/**
 * The embedded API's calls without the loopback round trip (docs/decisions/191): the app's upstream
 * client hands each call to this dispatcher, which runs it through the app's own request handler in
 * memory, the way an HTTP server would have received it (method, path, headers, body in; status,
 * headers, body out). What the API sees and answers is the same HTTP message; what goes away is a TCP
 * connection, two HTTP parsers and the socket writes, both sides in one process. A real upstream
 * (UPSTREAM_API_URL) keeps the undici Agent and real HTTP.
 *
 * The app's own calls (a JSON body or none, under the API's mount path) take the light way
 * (docs/decisions/194): a request and a response object of their own that carry Express's request
 * and response methods, run through the same middleware and the same API router, without Node's
 * stream-based message objects, Express's application layer and the body parser's stream reading.
 * Every other call (another body, another path) takes the full way through a Node request and
 * response and the Express app, so that its answer (a 400, 413 or 415 of the body parser) stays
 * Express's own.
 */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** What the light way runs: the same parts the full way's Express app is built from (server/middleware.ts). */
export interface LightRoute {
  /** The app whose settings Express's methods read: trust proxy, ETag, JSON, query parser. */
  app: express.Express;
  /** The middleware before the API, in order (request id, request log). */
  before: express.RequestHandler[];
  /** Where the API is mounted: only paths under it take the light way. */
  mountPath: string;
  router: express.Router;
  /** The last-resort error handler after the API. */
  after: express.ErrorRequestHandler;
  /** The API's JSON body limit: a larger body takes the full way and gets the body parser's 413. */
  bodyLimitBytes: number;
}

/** The connection an in-process request came "in on": the API trusts the visitor address it names (decision 103). */
export class InProcessSocket extends Writable {
  readonly remoteAddress = "127.0.0.1";
  readonly remotePort = 0;
  readonly encrypted = false;

  constructor() {
    // Node writes the response's HTTP framing here; the body is taken before it (see intercept()).
    // Never full: whether the writer waits is the caller's business (deliver()).
    super({ highWaterMark: Number.MAX_SAFE_INTEGER, write: (_chunk, _encoding, callback) => callback() });
  }

  setTimeout(): this {
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }
}

type DispatchHandler = Dispatcher.DispatchHandlers;

export class InProcessDispatcher extends Dispatcher {
  private handle: RequestHandler | undefined;
  private light: LightWay | undefined;

  /**
   * Where the calls go from now on: the app, once it exists (server/lifecycle.ts); with `light`, the
   * app's own calls take the light way through the same parts (decision 194).
   */
  serve(handle: RequestHandler, light?: LightRoute): void {
    this.handle = handle;
    this.light = light && new LightWay(light);
  }

  dispatch(options: Dispatcher.DispatchOptions, handler: DispatchHandler): boolean {
    let settled = false;
    let onAbort: (() => void) | undefined;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      onAbort?.();
      handler.onError?.(error);
    };
    handler.onConnect?.((reason?: Error) => fail(reason ?? abortError()));
    if (settled) return true;
    if (!this.handle) {
      fail(connectionError("the in-process upstream is not serving yet"));
      return true;
    }
    const handle = this.handle;
    const light = this.light;
    readBody(options.body)
      .then((body) => {
        if (settled) return;
        const socket = new InProcessSocket();
        const { headers, rawHeaders } = requestHeaders(options, body);
        let headersSent = false;
        let waitingForDrain = false;
        let drain = () => {};
        const sendHeaders = (statusCode: number, statusMessage: string, outgoing: Record<string, unknown>) => {
          if (headersSent || settled) return;
          headersSent = true;
          const raw: Buffer[] = [];
          for (const [name, value] of Object.entries(outgoing)) {
            for (const one of Array.isArray(value) ? value : [value]) raw.push(Buffer.from(name), Buffer.from(String(one)));
          }
          // resume(): the caller read what it had; a writer waiting for "drain" may go on.
          handler.onHeaders?.(
            statusCode,
            raw,
            () => {
              if (!waitingForDrain) return;
              waitingForDrain = false;
              drain();
            },
            statusMessage,
          );
        };
        // The body goes to the caller as the handler writes it; a caller that cannot take more holds
        // the writer back like a full socket.
        const deliver = (chunk: Buffer | undefined): boolean => {
          if (settled || !chunk || chunk.length === 0) return true;
          if (handler.onData?.(chunk) === false) waitingForDrain = true;
          return !waitingForDrain;
        };
        const complete = () => {
          if (settled) return;
          settled = true;
          handler.onComplete?.([]);
        };

        const json = light?.takes(options, headers, body);
        if (light && json) {
          const { req, res } = light.exchange(socket, options, headers, rawHeaders, json.body);
          res.onHead = () => sendHeaders(res.statusCode, res.statusMessage ?? "", res.getHeaders());
          res.onChunk = deliver;
          res.onEnd = () => {
            complete();
            process.nextTick(() => req.emit("close"));
          };
          drain = () => res.emit("drain");
          onAbort = () => res.abort();
          light.run(req, res);
          return;
        }

        const req = incomingRequest(socket, options, headers, rawHeaders, body);
        const res = new ServerResponse(req);
        // Makes Node keep writeHead()'s headers where getHeaders() finds them (it skips that store
        // until a header is set through setHeader()).
        res.setHeader("x-in-process", "1");
        res.removeHeader("x-in-process");
        res.assignSocket(socket as never);
        const fullHeaders = () => sendHeaders(res.statusCode, res.statusMessage, res.getHeaders());
        drain = () => res.emit("drain");
        // The body is taken before Node frames it for the (absent) wire.
        intercept(res, (chunk) => {
          fullHeaders();
          return deliver(chunk);
        });
        res.once("finish", () => {
          // An HTTP server ends the exchange with "close" after every "finish" listener ran (Node emits
          // it on the next tick): the app's request tracking waits for it, and a listener of both
          // events (the request log) must see "finish" first, once.
          res.detachSocket(socket as never);
          process.nextTick(() => {
            res.emit("close");
            req.emit("close");
          });
          fullHeaders();
          complete();
        });
        handle(req, res);
      })
      .catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
    return true;
  }

  async close(): Promise<void> {
    this.handle = undefined;
    this.light = undefined;
  }

  async destroy(): Promise<void> {
    this.handle = undefined;
    this.light = undefined;
  }
}

/**
 * A request of the light way: what Express's request methods and the API's handlers read of Node's
 * IncomingMessage (method, url, headers, the socket), as plain fields. The body is already parsed.
 */
class LightRequest extends EventEmitter {
  method = "GET";
  url = "/";
  originalUrl = "/";
  baseUrl = "";
  headers: Record<string, string> = {};
  rawHeaders: string[] = [];
  readonly httpVersion = "1.1";
  readonly httpVersionMajor = 1;
  readonly httpVersionMinor = 1;
  readonly complete = true;
  readonly aborted = false;
  query: unknown;
  params: Record<string, string> = {};
  body: unknown;
  /** body-parser's mark of a body already read: it leaves the parsed one alone. */
  _body = false;
  res: LightResponse | undefined;

  constructor(
    readonly socket: InProcessSocket,
    readonly connection: InProcessSocket = socket,
  ) {
    super();
  }
}

const headersSentError = (what: string) =>
  Object.assign(new Error(`Cannot ${what} headers after they are sent to the client`), { code: "ERR_HTTP_HEADERS_SENT" });

/**
 * A response of the light way: Node's ServerResponse interface as far as Express's response methods,
 * the request log, the request tracking and the API use it (headers, status, write with backpressure,
 * end, 'finish' then 'close'), handing status, headers and body to the caller instead of a socket.
 */
class LightResponse extends EventEmitter {
  statusCode = 200;
  statusMessage: string | undefined;
  headersSent = false;
  writableEnded = false;
  writableFinished = false;
  finished = false;
  destroyed = false;
  readonly sendDate = false;
  locals: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  req: LightRequest | undefined;
  onHead: () => void = () => {};
  onChunk: (chunk: Buffer | undefined) => boolean = () => true;
  onEnd: () => void = () => {};
  private readonly headerMap = new Map<string, unknown>();

  setHeader(name: string, value: unknown): this {
    if (this.headersSent) throw headersSentError("set");
    // Node's own checks: a header name or value that could split the message throws, as on a server.
    validateHeaderName(name);
    validateHeaderValue(name, value as string);
    this.headerMap.set(name.toLowerCase(), value);
    return this;
  }

  getHeader(name: string): unknown {
    return this.headerMap.get(name.toLowerCase());
  }

  getHeaders(): Record<string, unknown> {
    const headers = Object.create(null) as Record<string, unknown>;
    for (const [name, value] of this.headerMap) headers[name] = value;
    return headers;
  }

  getHeaderNames(): string[] {
    return [...this.headerMap.keys()];
  }

  hasHeader(name: string): boolean {
    return this.headerMap.has(name.toLowerCase());
  }

  removeHeader(name: string): void {
    if (this.headersSent) throw headersSentError("remove");
    this.headerMap.delete(name.toLowerCase());
  }

  writeHead(statusCode: number, reason?: unknown, headers?: unknown): this {
    if (typeof reason !== "string") {
      headers = reason;
      reason = undefined;
    }
    this.statusCode = statusCode;
    if (typeof reason === "string") this.statusMessage = reason;
    if (Array.isArray(headers)) {
      for (let index = 0; index + 1 < headers.length; index += 2) this.setHeader(String(headers[index]), headers[index + 1]);
    } else if (headers && typeof headers === "object") {
      for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    }
    this.flushHeaders();
    return this;
  }

  flushHeaders(): void {
    if (this.headersSent) return;
    this.statusMessage ??= STATUS_CODES[this.statusCode] ?? "unknown";
    this.headersSent = true;
    this.onHead();
  }

  write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    this.flushHeaders();
    const ready = this.onChunk(asBuffer(chunk, encoding));
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") process.nextTick(done);
    return ready;
  }

  end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    if (typeof chunk === "function") [callback, chunk] = [chunk, undefined];
    else if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
    if (this.writableEnded) return this;
    this.flushHeaders();
    this.onChunk(asBuffer(chunk, encoding));
    this.writableEnded = this.writableFinished = this.finished = true;
    this.onEnd();
    // As on a server: 'finish' once, then 'close' on the next tick, after every 'finish' listener ran.
    this.emit("finish");
    process.nextTick(() => this.emit("close"));
    if (typeof callback === "function") process.nextTick(callback);
    return this;
  }

  /** The caller gave up (its budget ran out): like a socket that closed, a writer sees destroyed and 'close'. */
  abort(): void {
    if (this.writableEnded || this.destroyed) return;
    this.destroyed = true;
    process.nextTick(() => this.emit("close"));
  }
}

/** Requests and responses of one app: its settings are where Express's methods look for them. */
class LightWay {
  private readonly Request: new (socket: InProcessSocket) => LightRequest;
  private readonly Response: new () => LightResponse;
  private readonly parseQuery: (query: string) => unknown;
  private readonly prefix: string;

  constructor(private readonly route: LightRoute) {
    const { app } = route;
    class AppRequest extends LightRequest {}
    class AppResponse extends LightResponse {}
    // Express's request and response methods (req.get, req.ip, res.status, res.json…) on classes of
    // their own, as Express puts them on Node's objects: the same code answers (decision 194).
    const expressParts = express as unknown as { request: object; response: object };
    for (const [target, source] of [
      [AppRequest.prototype, expressParts.request],
      [AppResponse.prototype, expressParts.response],
    ] as const) {
      for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(source))) {
        if (!(name in target)) Object.defineProperty(target, name, descriptor);
      }
      Object.defineProperty(target, "app", { value: app, configurable: true, enumerable: true, writable: true });
    }
    this.Request = AppRequest;
    this.Response = AppResponse;
    this.parseQuery = app.get("query parser fn") as (query: string) => unknown;
    this.prefix = `${route.mountPath}/`;
  }

  /**
   * The light way's calls: under the mount path, and without a body or with a JSON body that
   * body-parser would have read the same way (JSON, UTF-8, not encoded, within the limit, an object or
   * an array). The parsed body, or undefined for the full way.
   */
  takes(options: Dispatcher.DispatchOptions, headers: Record<string, string>, body: Buffer | undefined): { body: unknown } | undefined {
    if (!options.path.startsWith(this.prefix)) return undefined;
    if ("transfer-encoding" in headers || "content-encoding" in headers) return undefined;
    // No body: body-parser leaves `{}` and reads nothing. A length the body does not have goes the full way.
    if (!body) return "content-length" in headers ? undefined : { body: undefined };
    if (headers["content-length"] !== String(body.length)) return undefined;
    // An empty body: every parser of the API makes it `{}`, whatever its type.
    if (body.length === 0) return { body: {} };
    if (body.length > this.route.bodyLimitBytes) return undefined;
    // DESIGN §8: bounded before a pattern runs on it.
    const type = headers["content-type"] ?? "";
    if (type.length > MAX_JSON_TYPE_LENGTH || !JSON_TYPE.test(type)) return undefined;
    const text = body.toString("utf8");
    const first = FIRST_CHARACTER.exec(text)?.[1];
    if (first !== "{" && first !== "[") return undefined;
    try {
      return { body: JSON.parse(text) as unknown };
    } catch {
      return undefined;
    }
  }

  exchange(
    socket: InProcessSocket,
    options: Dispatcher.DispatchOptions,
    headers: Record<string, string>,
    rawHeaders: string[],
    body: unknown,
  ): { req: LightRequest; res: LightResponse } {
    const req = new this.Request(socket);
    const res = new this.Response();
    req.method = options.method;
    req.url = req.originalUrl = options.path;
    req.headers = headers;
    req.rawHeaders = rawHeaders;
    if (body !== undefined) {
      req.body = body;
      req._body = true;
    }
    const queryAt = options.path.indexOf("?");
    req.query = this.parseQuery(queryAt >= 0 ? options.path.slice(queryAt + 1) : "");
    req.res = res;
    res.req = req;
    return { req, res };
  }

  /** The chain as Express runs it: the middleware in order, the router at its mount path, the error handler. */
  run(req: LightRequest, res: LightResponse): void {
    const { before, router, after, mountPath } = this.route;
    const request = req as unknown as express.Request;
    const response = res as unknown as express.Response;
    const fail = (error: unknown) => {
      try {
        after(error, request, response, () => undefined);
      } catch {
        // The error handler failed itself: as Express's final handler, the answer is a bare 500.
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      }
    };
    let index = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined && error !== null && error !== "route" && error !== "router") return fail(error);
      const middleware = before[index++];
      if (middleware) {
        try {
          middleware(request, response, next);
        } catch (thrown) {
          fail(thrown);
        }
        return;
      }
      // The mount, as Express's app.use(mountPath, router) does it: the router sees the path below it.
      req.url = req.originalUrl.slice(mountPath.length);
      req.baseUrl = mountPath;
      router(request, response, (routerError?: unknown) => {
        req.url = req.originalUrl;
        req.baseUrl = "";
        // The API answers every path itself (its own 404): reaching here is an error it passed on.
        fail(routerError ?? new Error(`no answer for ${req.method} ${req.originalUrl}`));
      });
    };
    next();
  }
}

/** Longer than any JSON type with a charset: such a header goes the full way, unread by the pattern. */
const MAX_JSON_TYPE_LENGTH = 64;
/** body-parser's JSON: application/json, in UTF-8 when a charset is named. */
const JSON_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*(?:utf-8|"utf-8")\s*)?$/i;
/** body-parser's strict mode: the first character that is not JSON white space. */
const FIRST_CHARACTER = /^[ \t\n\r]*([^ \t\n\r])/;

function asBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return undefined;
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
}

/** The request's headers as a server would have read them: repeated ones joined, Host and Content-Length added. */
function requestHeaders(
  options: Dispatcher.DispatchOptions,
  body: Buffer | undefined,
): { headers: Record<string, string>; rawHeaders: string[] } {
  const headers: Record<string, string> = {};
  const rawHeaders: string[] = [];
  for (const [name, value] of headerPairs(options.headers)) {
    const key = name.toLowerCase();
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
    rawHeaders.push(name, value);
  }
  if (!("host" in headers) && options.origin) {
    headers.host = hostOf(String(options.origin));
    rawHeaders.push("Host", headers.host);
  }
  if (body && !("content-length" in headers)) {
    headers["content-length"] = String(body.length);
    rawHeaders.push("Content-Length", headers["content-length"]);
  }
  return { headers, rawHeaders };
}

/** Every call names the same origin: its host is worked out once. */
let lastOrigin = "";
let lastHost = "";
function hostOf(origin: string): string {
  if (origin !== lastOrigin) {
    lastHost = new URL(origin).host;
    lastOrigin = origin;
  }
  return lastHost;
}

function incomingRequest(
  socket: InProcessSocket,
  options: Dispatcher.DispatchOptions,
  headers: Record<string, string>,
  rawHeaders: string[],
  body: Buffer | undefined,
): IncomingMessage {
  const req = new IncomingMessage(socket as never);
  req.method = options.method;
  req.url = options.path;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.httpVersion = "1.1";
  req.headers = headers;
  req.rawHeaders = rawHeaders;
  if (body && body.length > 0) req.push(body);
  req.push(null);
  req.complete = true;
  return req;
}

function headerPairs(headers: Dispatcher.DispatchOptions["headers"]): Array<[string, string]> {
  if (!headers) return [];
  const pairs: Array<[string, string]> = [];
  if (Array.isArray(headers)) {
    // undici's flat form: name, value, name, value…
    for (let index = 0; index + 1 < headers.length; index += 2) pairs.push([String(headers[index]), String(headers[index + 1])]);
    return pairs;
  }
  const entries: Iterable<[string, unknown]> =
    Symbol.iterator in (headers as object) ? (headers as Iterable<[string, unknown]>) : Object.entries(headers as Record<string, unknown>);
  for (const [name, value] of entries) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) pairs.push([name, String(one)]);
  }
  return pairs;
}

async function readBody(body: Dispatcher.DispatchOptions["body"]): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array | string>)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Routes what the handler writes to `deliver`; write() says false while the caller is not ready for more. */
function intercept(res: ServerResponse, deliver: (chunk: Buffer | undefined) => boolean): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the response as `this` below
  const write = res.write;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the response as `this` below
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    const ready = deliver(asBuffer(chunk, encoding));
    return (write as (...args: unknown[]) => boolean).call(this, chunk, encoding, callback) && ready;
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    deliver(asBuffer(chunk, encoding));
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, encoding, callback);
  } as ServerResponse["end"];
}

function abortError(): Error {
  const error = new Error("Request aborted");
  error.name = "AbortError";
  return error;
}

function connectionError(message: string): Error {
  return Object.assign(new Error(message), { code: "ECONNREFUSED" });
}
