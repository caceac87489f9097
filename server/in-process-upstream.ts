import { IncomingMessage, ServerResponse } from "node:http";
import { Writable } from "node:stream";
import { Dispatcher } from "undici";

/**
 * The embedded API's calls without the loopback round trip (docs/decisions/191): the app's upstream
 * client hands each call to this dispatcher, which runs it through the app's own request handler as
 * a Node request and response in memory, the way an HTTP server would have received it (method,
 * path, headers, body in; status, headers, body out). What the API sees and answers is the same HTTP
 * message; what goes away is a TCP connection, two HTTP parsers and the socket writes, both sides in
 * one process. A real upstream (UPSTREAM_API_URL) keeps the undici Agent and real HTTP.
 */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

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

  /** Where the calls go from now on: the app, once it exists (server/lifecycle.ts). */
  serve(handle: RequestHandler): void {
    this.handle = handle;
  }

  dispatch(options: Dispatcher.DispatchOptions, handler: DispatchHandler): boolean {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      handler.onError?.(error);
    };
    handler.onConnect?.((reason?: Error) => fail(reason ?? abortError()));
    if (settled) return true;
    if (!this.handle) {
      fail(connectionError("the in-process upstream is not serving yet"));
      return true;
    }
    const handle = this.handle;
    readBody(options.body)
      .then((body) => {
        if (settled) return;
        const socket = new InProcessSocket();
        const req = incomingRequest(socket, options, body);
        const res = new ServerResponse(req);
        // Makes Node keep writeHead()'s headers where getHeaders() finds them (it skips that store
        // until a header is set through setHeader()).
        res.setHeader("x-in-process", "1");
        res.removeHeader("x-in-process");
        res.assignSocket(socket as never);
        let headersSent = false;
        let waitingForDrain = false;
        const sendHeaders = () => {
          if (headersSent || settled) return;
          headersSent = true;
          const rawHeaders: Buffer[] = [];
          for (const [name, value] of Object.entries(res.getHeaders())) {
            for (const one of Array.isArray(value) ? value : [value]) rawHeaders.push(Buffer.from(name), Buffer.from(String(one)));
          }
          // resume(): the caller read what it had; a writer waiting for "drain" may go on.
          handler.onHeaders?.(
            res.statusCode,
            rawHeaders,
            () => {
              if (!waitingForDrain) return;
              waitingForDrain = false;
              res.emit("drain");
            },
            res.statusMessage,
          );
        };
        // The body goes to the caller as the handler writes it, before Node frames it for the
        // (absent) wire; a caller that cannot take more holds the writer back like a full socket.
        const deliver = (chunk: Buffer | undefined): boolean => {
          sendHeaders();
          if (settled || !chunk || chunk.length === 0) return true;
          if (handler.onData?.(chunk) === false) waitingForDrain = true;
          return !waitingForDrain;
        };
        intercept(res, deliver);
        res.once("finish", () => {
          // An HTTP server ends the exchange with "close" after every "finish" listener ran (Node emits
          // it on the next tick): the app's request tracking waits for it, and a listener of both
          // events (the request log) must see "finish" first, once.
          res.detachSocket(socket as never);
          process.nextTick(() => {
            res.emit("close");
            req.emit("close");
          });
          sendHeaders();
          if (settled) return;
          settled = true;
          handler.onComplete?.([]);
        });
        handle(req, res);
      })
      .catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
    return true;
  }

  async close(): Promise<void> {
    this.handle = undefined;
  }

  async destroy(): Promise<void> {
    this.handle = undefined;
  }
}

function incomingRequest(socket: InProcessSocket, options: Dispatcher.DispatchOptions, body: Buffer | undefined): IncomingMessage {
  const req = new IncomingMessage(socket as never);
  req.method = options.method;
  req.url = options.path;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.httpVersion = "1.1";
  const headers: Record<string, string> = {};
  const raw: string[] = [];
  for (const [name, value] of headerPairs(options.headers)) {
    const key = name.toLowerCase();
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
    raw.push(name, value);
  }
  if (!("host" in headers) && options.origin) {
    headers.host = new URL(String(options.origin)).host;
    raw.push("Host", headers.host);
  }
  if (body && !("content-length" in headers)) {
    headers["content-length"] = String(body.length);
    raw.push("Content-Length", headers["content-length"]);
  }
  req.headers = headers;
  req.rawHeaders = raw;
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
  const asBuffer = (chunk: unknown, encoding: unknown): Buffer | undefined => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return undefined;
    if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    return Buffer.from(chunk as Uint8Array);
  };
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
