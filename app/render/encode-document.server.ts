import { brotliCompressSync, constants, deflateSync, gzipSync } from "node:zlib";

export type ContentCoding = "br" | "gzip" | "deflate" | "identity";

/** The codings the `compression` middleware offers, in its order of preference on equal quality. */
const CODINGS: readonly ContentCoding[] = ["br", "gzip", "deflate", "identity"];

/** Below this size the middleware does not compress either (its default threshold). */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Above this size a document is left to the middleware's zlib stream after all: one call holds this
 * thread for as long as deflating takes (about 1 ms per 100 KB at level 1; a long recruiter list),
 * while the stream's work runs in the thread pool.
 */
export const MAX_ONE_CALL_BYTES = 128 * 1024;

/** At most this many entries of Accept-Encoding are read: the header is client input. */
const MAX_ENTRIES = 16;

/**
 * The coding of a response for an Accept-Encoding header, chosen as the `compression` middleware
 * chooses (RFC 9110 §12.5.3): the highest quality wins, ties go to br, gzip, deflate, identity;
 * `*` stands for every coding not named; identity, unless named or covered by `*`, is acceptable with
 * the lowest quality named (as the middleware's negotiator has it).
 * Null when nothing is acceptable (the caller then leaves the answer to the middleware).
 */
export function chooseContentCoding(header: string | null | undefined): ContentCoding | null {
  const named = new Map<string, number>();
  let wildcard: number | undefined;
  let lowest = 1;
  for (const entry of (header ?? "").slice(0, 1024).split(",", MAX_ENTRIES)) {
    const [name, ...parameters] = entry.split(";");
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let quality = 1;
    for (const parameter of parameters) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter);
      if (match) quality = Math.min(1, Number(match[1]));
    }
    if (quality > 0) lowest = Math.min(lowest, quality);
    if (coding === "*") wildcard = quality;
    else if (!named.has(coding)) named.set(coding, quality);
  }
  let best: ContentCoding | null = null;
  let bestQuality = 0;
  for (const coding of CODINGS) {
    const quality = named.get(coding) ?? wildcard ?? (coding === "identity" ? lowest : 0);
    if (quality > bestQuality) {
      best = coding;
      bestQuality = quality;
    }
  }
  return best;
}

/**
 * The coding a finished document of `length` bytes is compressed in here, in one call; null leaves
 * it as it is to the `compression` middleware (which compresses what is too large for one call, and
 * nothing below its threshold, at level 0 or when the client accepts no coding).
 */
export function oneCallCoding(length: number, level: number, acceptEncoding: string | null | undefined): ContentCoding | null {
  if (level <= 0 || length < COMPRESSION_THRESHOLD || length > MAX_ONE_CALL_BYTES) return null;
  return chooseContentCoding(acceptEncoding);
}

/**
 * A whole document compressed in one call, on this thread (decision 165). The middleware compresses
 * through a zlib stream: a thread-pool round trip per write and per flush, which cost a document
 * several times the CPU of deflating it at once (decision 165 has the figures). Same codings and
 * settings as the middleware: gzip and deflate at COMPRESSION_LEVEL, Brotli at quality 4.
 */
export function encodeDocument(html: Buffer, coding: ContentCoding, level: number): Buffer {
  switch (coding) {
    case "gzip":
      return gzipSync(html, { level });
    case "deflate":
      return deflateSync(html, { level });
    case "br":
      return brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
      });
    case "identity":
      return html;
  }
}
