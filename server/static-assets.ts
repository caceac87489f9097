import { readdirSync, type Dirent } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

/**
 * The build's fingerprinted assets, served as compressed at build time (scripts/precompress.mjs, docs/decisions/180):
 * brotli 11 or gzip 9 instead of the response middleware's level 1 on every request, smaller and without the CPU.
 * A file without variants, or a client that accepts neither coding, gets the file as it is (which the compression
 * middleware may still compress on the fly for a client that accepts only deflate).
 */
export type PrecompressedCoding = "br" | "gzip";

const SUFFIX: Record<PrecompressedCoding, string> = { br: ".br", gzip: ".gz" };
/** Ours when the client likes several equally: brotli is the smaller. */
const PREFERENCE: PrecompressedCoding[] = ["br", "gzip"];

/**
 * The coding to send among `available`, from an Accept-Encoding header (RFC 9110 §12.5.3): the highest q-value wins,
 * a tie goes to our preference (Chromium lists gzip before br with the same weight); q=0 refuses; `*` stands for
 * every coding the header does not name. No header: the file as it is.
 */
export function chooseCoding(acceptEncoding: string | undefined, available: ReadonlySet<PrecompressedCoding>): PrecompressedCoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key === "q") q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? "") ? Number(value) : 0;
    }
    weights.set(name.trim(), q);
  }
  const weightOf = (coding: PrecompressedCoding) =>
    weights.get(coding) ?? (coding === "gzip" ? weights.get("x-gzip") : undefined) ?? weights.get("*") ?? 0;
  let best: PrecompressedCoding | null = null;
  for (const coding of PREFERENCE) {
    if (!available.has(coding)) continue;
    const q = weightOf(coding);
    if (q > 0 && (best === null || q > weightOf(best))) best = coding;
  }
  return best;
}

/** Which variants exist, read once at start: no file-system call per request to find out. */
function indexVariants(dir: string): Map<string, Set<PrecompressedCoding>> {
  const index = new Map<string, Set<PrecompressedCoding>>();
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return index;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    for (const coding of PREFERENCE) {
      if (!entry.name.endsWith(SUFFIX[coding])) continue;
      const file = path.join(entry.parentPath, entry.name.slice(0, -SUFFIX[coding].length));
      const urlPath = "/" + path.relative(dir, file).split(path.sep).join("/");
      let codings = index.get(urlPath);
      if (!codings) index.set(urlPath, (codings = new Set()));
      codings.add(coding);
    }
  }
  return index;
}

/**
 * express.static for `dir` with the precompressed variants: the request is rewritten to the variant's file, which
 * express.static (send) serves with its own ETag, Last-Modified, ranges and caching; Content-Type stays the
 * original file's, Content-Encoding names the coding, and every answer for a file with variants varies by
 * Accept-Encoding. The variants themselves are not served under their own names.
 */
export function staticWithPrecompressed(dir: string, options: Parameters<typeof express.static>[1]): RequestHandler {
  const variants = indexVariants(dir);
  const files: RequestHandler = express.static(dir, options);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return files(req, res, next);
    const urlPath = req.path;
    if (urlPath.endsWith(".br") || urlPath.endsWith(".gz")) return next();
    const available = variants.get(urlPath);
    if (!available) return files(req, res, next);
    res.vary("Accept-Encoding");
    const coding = chooseCoding(req.get("Accept-Encoding"), available);
    if (!coding) return files(req, res, next);
    res.type(path.extname(urlPath));
    res.setHeader("Content-Encoding", coding);
    const asRequested = req.url;
    const query = asRequested.indexOf("?");
    req.url = urlPath + SUFFIX[coding] + (query === -1 ? "" : asRequested.slice(query));
    files(req, res, (error?: unknown) => {
      // The variant vanished after start (a deployment replaced the build): the file as it is.
      res.removeHeader("Content-Encoding");
      req.url = asRequested;
      if (error) next(error);
      else files(req, res, next);
    });
  };
}
