import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";

/**
 * The real embedded API of a running demo server, reached through a proxy that can make chosen
 * calls fail (docs/decisions/127): a second app server gets the proxy as its UPSTREAM_API_URL, so its
 * pages run against the real API and data while a test breaks one secondary call at a time.
 * A fault is keyed "METHOD /path" (the path below /api, without the query) or "METHOD /prefix*".
 */
export type Fault = { status: number; body?: unknown };

export interface FaultyUpstream {
  /** UPSTREAM_API_URL for the app under test. */
  url: string;
  /** Makes the calls matching `key` answer `fault` until healed. */
  fail(key: string, fault?: Fault): void;
  heal(key?: string): void;
  /** Calls seen (METHOD /path), for asserting which were made. */
  calls: string[];
  /** The Accept-Encoding of each call, and the encoding each answer was sent in (with `compress`). */
  encodings: Array<{ accepted: string; sent: string }>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "host"]);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

const COMPRESSORS: Record<string, (data: Buffer) => Buffer> = { gzip: gzipSync, br: brotliCompressSync, deflate: deflateSync };

/**
 * `target` is the demo server's base URL (its API is `${target}/api`). `host`: the address to listen
 * on (127.0.0.2 is loopback too, but not by the name the app treats as a local upstream);
 * `compress`: answers in the encodings the caller accepts, in turn gzip, br, deflate.
 */
export async function startFaultyUpstream(
  target: string,
  { host = "127.0.0.1", compress = false }: { host?: string; compress?: boolean } = {},
): Promise<FaultyUpstream> {
  const faults = new Map<string, Fault>();
  const calls: string[] = [];
  const encodings: FaultyUpstream["encodings"] = [];
  const faultFor = (key: string) =>
    faults.get(key) ?? [...faults].find(([pattern]) => pattern.endsWith("*") && key.startsWith(pattern.slice(0, -1)))?.[1];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://proxy");
    const key = `${req.method} ${url.pathname.replace(/^\/api/, "")}`;
    calls.push(key);
    const body = await readBody(req);
    const fault = faultFor(key);
    if (fault) {
      res.statusCode = fault.status;
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(fault.body ?? { status: "failed", error: "internal_error" }));
      return;
    }
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const answer = await fetch(`${target}${url.pathname}${url.search}`, {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body),
        redirect: "manual",
      });
      res.statusCode = answer.status;
      answer.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name)) res.setHeader(name, value);
      });
      const data = Buffer.from(await answer.arrayBuffer());
      const accepted = req.headers["accept-encoding"] ?? "";
      const offered = Object.keys(COMPRESSORS).filter((name) => accepted.includes(name));
      const sent = compress && offered.length > 0 ? offered[encodings.length % offered.length] : "identity";
      encodings.push({ accepted, sent });
      if (sent === "identity") return void res.end(data);
      res.setHeader("Content-Encoding", sent);
      res.end(COMPRESSORS[sent](data));
    } catch {
      res.socket?.destroy();
    }
  });
  const port = await new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));
  return {
    url: `http://${host}:${port}/api`,
    calls,
    encodings,
    fail: (key, fault = { status: 500 }) => void faults.set(key, fault),
    heal: (key) => (key ? void faults.delete(key) : faults.clear()),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
