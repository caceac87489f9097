import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate, inflateRaw } from "node:zlib";
import type { Dispatcher } from "undici";

/**
 * Response decoding by hand: undici's request() (decision 112) leaves the content encoding and the
 * body's parsing to its caller, both of which fetch() did.
 */

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Over loopback (the embedded API, or an upstream on the same machine) compressing each response
 * only to inflate it again costs CPU and saves nothing: ask for it uncompressed. A remote upstream
 * gets fetch's default (gzip, deflate, br).
 */
export function transferEncoding(url: URL): Record<string, string> {
  return LOOPBACK_HOSTS.has(url.hostname) ? { "Accept-Encoding": "identity" } : {};
}

/** What a JSON call accepts: as transferEncoding(), fetch's default for a remote upstream, which request() does not add. */
export function acceptedEncoding(url: URL): string {
  return LOOPBACK_HOSTS.has(url.hostname) ? "identity" : "gzip, deflate, br";
}

const DECODERS: Record<string, (data: Buffer) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  "x-gzip": promisify(gunzip),
  br: promisify(brotliDecompress),
  // fetch takes zlib-wrapped and raw deflate alike.
  deflate: (data) => promisify(inflate)(data).catch(() => promisify(inflateRaw)(data)),
};

/** The body as text, inflated as fetch did; an encoding it did not know either is passed through. */
export async function bodyText(response: Dispatcher.ResponseData): Promise<string> {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decode = DECODERS[encoding];
  if (!decode) return response.body.text();
  return (await decode(Buffer.from(await response.body.arrayBuffer()))).toString("utf8");
}

/** A body as JSON where it is JSON, else as the text it is (an upstream's plain-text error page). */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
