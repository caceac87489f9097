import { IncomingMessage, ServerResponse, type RequestListener } from "node:http";
import { Duplex } from "node:stream";

/**
 * One HTTP request handed to a Node request listener (an Express app) without a socket or a client
 * (docs/decisions/102): Node's own IncomingMessage and ServerResponse over an in-memory stream that
 * plays the connection. The listener cannot tell it from a TCP request (method, URL, headers, a body
 * stream, the peer's address); the answer is the bytes Node writes to the connection, read back
 * like a client reads them. For the embedded API's body fuzzing, where the client, the socket and
 * the HTTP parser on both ends cost more than the API's own work.
 */
export interface Injected {
  status: number;
  headers: Map<string, string>;
  text: string;
}

class MemoryConnection extends Duplex {
  readonly written: Buffer[] = [];
  readonly remoteAddress = "127.0.0.1";
  readonly remotePort = 40_000;
  readonly remoteFamily = "IPv4";
  readonly localAddress = "127.0.0.1";
  readonly localPort = 80;
  readonly encrypted = false;

  override _read(): void {}

  override _write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.written.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
    callback();
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

export function inject(
  listener: RequestListener,
  request: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Injected> {
  const connection = new MemoryConnection();
  const body = request.body === undefined ? undefined : typeof request.body === "string" ? Buffer.from(request.body, "utf8") : request.body;
  const headers: Record<string, string> = { host: "127.0.0.1", connection: "close" };
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  if (body !== undefined) headers["content-length"] = String(body.length);

  const req = new IncomingMessage(connection as never);
  req.method = request.method;
  req.url = request.path;
  req.httpVersion = "1.1";
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.headers = headers;
  req.rawHeaders = Object.entries(headers).flat();
  if (body !== undefined && body.length > 0) req.push(body);
  req.push(null);
  req.complete = true;

  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(connection as never);

  return new Promise<Injected>((resolve, reject) => {
    res.on("finish", () => {
      try {
        resolve(readAnswer(Buffer.concat(connection.written)));
      } catch (error) {
        reject(error);
      }
    });
    res.on("error", reject);
    try {
      listener(req, res);
    } catch (error) {
      reject(error);
    }
  });
}

/** Status line, headers and body of the bytes written, chunked transfer coding undone. */
function readAnswer(bytes: Buffer): Injected {
  const end = bytes.indexOf("\r\n\r\n");
  if (end < 0) throw new Error(`no complete HTTP head in the answer: ${JSON.stringify(bytes.subarray(0, 200).toString("latin1"))}`);
  const [statusLine, ...lines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(statusLine.split(" ")[1]);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  let payload = bytes.subarray(end + 4);
  if (headers.get("transfer-encoding")?.toLowerCase() === "chunked") {
    const parts: Buffer[] = [];
    let offset = 0;
    for (;;) {
      const lineEnd = payload.indexOf("\r\n", offset);
      const size = parseInt(payload.subarray(offset, lineEnd).toString("latin1"), 16);
      if (!(size > 0)) break;
      parts.push(payload.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
    }
    payload = Buffer.concat(parts);
  }
  return { status, headers, text: payload.toString("utf8") };
}
