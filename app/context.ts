import type { Cookie } from "@remix-run/node";
import type { Logger } from "pino";
import type { DraftStore } from "~/assessment/draft-store.server";
import type { StackMapper } from "~/errors/client-stack.server";
import type { HoneypotService } from "~/forms/honeypot.server";
import type { AppSessionStorage } from "~/session/session.server";
import type { UpstreamTransport } from "~/upstream/transport.server";

/**
 * What server.ts hands every loader and action (getLoadContext). Services are created once per
 * process; the rest is per request. Nothing here is per-user state kept in memory (DESIGN §9).
 */
export interface AppServices {
  sessionStorage: AppSessionStorage;
  /** The per-customer language choice, a cookie of its own (app/session/language.server.ts). */
  languageCookie: Cookie;
  /** Form-module drafts per applicant, profile and module, in the session store's backend. */
  draftStore: DraftStore;
  /** Base URL of the upstream /api, without trailing slash, e.g. http://127.0.0.1:3000/api. */
  upstreamBaseUrl: string;
  /**
   * Origin that root-relative URLs of upstream answers (sessionURL, imagePath) resolve against in the
   * browser; null for the embedded API, which the browser reaches on the app's own origin (docs/api.md).
   */
  upstreamPublicOrigin: string | null;
  /** Time budgets, connect time-out and circuit breaker of upstream calls (one per process). */
  upstream: UpstreamTransport;
  configCacheTtlS: number;
  /**
   * COMPRESSION_LEVEL (0: none, a proxy compresses). Whole documents are compressed by the document
   * handler (app/render/encode-document.server.ts), everything else by the middleware.
   */
  compressionLevel: number;
  isProduction: boolean;
  /** Per-process cache of customer configurations (per customer, not per user). */
  configCache: Map<string, { expiresAt: number; value: Promise<unknown> }>;
  /** Rate limiting of login, registration and password POSTs (DESIGN §8), shared across instances. */
  rateLimiter: RateLimiter;
  /** Browser error reports per client address and minute (/_client-errors), in the same store. */
  clientErrorLimiter: RateLimiter;
  /** remix-utils' honeypot of the public forms (app/forms/honeypot.server.ts), keyed by SESSION_SECRET. */
  honeypot: HoneypotService;
  sentryEnabled: boolean;
  release: string;
  /** Maps browser stacks to original source with the client build's hidden source maps (docs/decisions/174). */
  stackMapper: StackMapper;
  /** SENTRY_CLIENT_STACKS: browser stacks on Sentry events mapped by the server or as the browser sent them. */
  sentryClientStacks: "mapped" | "bundle";
  /** FAULT_INJECTION: the `fault` query of test servers makes a component throw (docs/decisions/178). */
  faultInjection: boolean;
}

/**
 * Attempt counters shared by every instance (server/rate-limit.ts): Redis with REDIS_URL, else the
 * SQLite file of the session store.
 */
export interface RateLimiter {
  /** Counts one attempt for each key; true when any key is over its own limit. */
  hit(keys: ReadonlyArray<{ key: string; limit: number }>): Promise<boolean>;
  reset(keys: string[]): Promise<void>;
  /** The configured attempts per window (RATE_LIMIT_MAX). */
  readonly maxAttempts: number;
}

export interface RequestContext {
  requestId: string;
  /** The client's address (honours TRUST_PROXY), for rate limiting. */
  clientIp: string;
  cspNonce: string;
  logger: Logger;
  services: AppServices;
  /**
   * A single-fetch data request (a client navigation's `.data`), not a document: the root loader
   * then sends the translations the browser does not have yet (app/i18n/document-texts.tsx).
   */
  dataRequest?: boolean;
  /** Request-scoped memo: the session and the customer configuration are loaded once per request. */
  memo: Map<string, Promise<unknown>>;
}

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends RequestContext {}
}

/** Runs `load` once per request for a key; later callers of the same request share the promise. */
export function memoize<T>(context: RequestContext, key: string, load: () => Promise<T>): Promise<T> {
  const existing = context.memo.get(key);
  if (existing) return existing as Promise<T>;
  const created = load();
  context.memo.set(key, created);
  return created;
}
