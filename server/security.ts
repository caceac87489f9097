import { randomFillSync } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** Where the nonce goes in the policy joined once (a character no directive contains). */
const NONCE_SLOT = "\0";

/**
 * Security headers for documents (DESIGN §8). A fresh CSP nonce per request goes to <Scripts nonce>;
 * nothing inline runs without it. Only the assessment frame may be framed, and it is served by the
 * upstream (/api), never by these pages.
 *
 * `hsts` follows the session cookie's Secure flag (COOKIE_SECURE), not `req.secure`: behind a
 * TLS-terminating proxy this plain-HTTP server never sees TLS, yet a Secure cookie says the site is
 * only ever reached over HTTPS (decision 101). Browsers ignore the header on plain-HTTP answers, so a
 * LAN station set up with COOKIE_SECURE=false is the only case that must not send it.
 */
export function securityHeaders(options: { hsts: boolean; frameSources: string[] }) {
  // Everything but the nonce is the same on every answer: joined once, not per request.
  const [policyBeforeNonce, policyAfterNonce] = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${NONCE_SLOT}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${["'self'", ...options.frameSources].join(" ")}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ]
    .join("; ")
    .split(NONCE_SLOT);
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", policyBeforeNonce + nonce + policyAfterNonce);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (options.hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces: one call into OpenSSL per 256 documents, not one per document, which showed in CPU profiles. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolOffset = noncePool.length;

/**
 * A fresh CSP nonce: 16 bytes from the CSPRNG, base64. The pool is refilled when used up, so no byte
 * serves twice; the same scheme as Node's own randomUUID() cache.
 */
export function nextNonce(): string {
  if (noncePoolOffset === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence that works without JavaScript: SameSite=Lax cookies plus this check on every
 * state-changing request. Browsers send Sec-Fetch-Site (or at least Origin) with form posts; a
 * cross-site value is refused. Requests without either header (curl, tests) are not browsers
 * carrying someone else's cookies and pass.
 */
/**
 * A single-fetch data request (`….data`) whose Origin names another host than the one Remix sees
 * (X-Forwarded-Host, else Host): Remix refuses it with a 500 of its own, whatever Sec-Fetch-Site
 * says. Refused here as the 403 it is (found by fuzzing, decision 102). Documents are not checked this
 * way: a proxy that rewrites Host must not break plain form posts.
 */
export function isForeignOriginDataRequest(req: Pick<Request, "method" | "headers" | "path">): boolean {
  if (SAFE_METHODS.has(req.method) || !req.path.endsWith(".data")) return false;
  const origin = req.headers.origin;
  if (typeof origin !== "string" || origin === "null") return false;
  const forwarded = req.headers["x-forwarded-host"];
  const host = (typeof forwarded === "string" ? forwarded.split(",")[0].trim() : undefined) || req.headers.host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export function isCrossSiteRequest(req: Pick<Request, "method" | "headers" | "protocol">, host: string | undefined): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const fetchSite = req.headers["sec-fetch-site"];
  if (typeof fetchSite === "string") return !(fetchSite === "same-origin" || fetchSite === "none");
  const origin = req.headers.origin;
  if (typeof origin === "string" && origin !== "null") {
    try {
      return new URL(origin).host !== host;
    } catch {
      return true;
    }
  }
  return origin === "null";
}
