import type { AppLoadContext } from "@remix-run/node";
import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate, inflateRaw } from "node:zlib";
import type { Dispatcher } from "undici";
import type { ZodType, ZodTypeDef } from "zod";
import { memoize } from "~/context";
import { CatalogueError } from "~/errors/catalogue-error";
import type { ErrorCode } from "~/errors/catalogue";
import { codeForFailure, type UpstreamFailure } from "~/errors/mapping";
import { redactUrl } from "~/errors/redact";
import type { AppSession, TokenGrant } from "~/session/session.server";
import { isUpstreamUnavailable, type CallBudget } from "./transport.server";
import { VISITOR_ADDRESS_HEADER } from "./visitor-address";

/**
 * The one client of the upstream /api (DESIGN §5). Only upstream/ knows paths, status codes and
 * payload field names. Every call has a time budget (transport.server.ts: page, credential or
 * asset), passes the circuit breaker and carries X-Request-Id; calls that need a token run the
 * token check of R-TOK-01 first (once per request and role).
 */

export class UpstreamError extends CatalogueError {
  readonly failure: UpstreamFailure;

  constructor(failure: UpstreamFailure, code: ErrorCode, options: ConstructorParameters<typeof CatalogueError>[1]) {
    super(code, options);
    this.name = "UpstreamError";
    this.failure = failure;
  }

  get status(): number | undefined {
    return this.failure.kind === "response" || this.failure.kind === "invalid-response" ? this.failure.status : undefined;
  }

  /** The response body of a failed call, for the field-level cases forms show inline. */
  get body(): unknown {
    return this.failure.kind === "response" ? this.failure.body : undefined;
  }
}

/** A failure that produces no code (tracking calls, spec §8); callers ignore it. */
export class SilentUpstreamFailure extends Error {
  constructor(readonly failure: UpstreamFailure) {
    super(`upstream ${failure.path} failed (${failure.kind})`);
    this.name = "SilentUpstreamFailure";
  }
}

export type TokenRole = "applicant" | "recruiter";

/** R-ROLE-01: a request whose path contains "recruiter" uses the recruiter token. */
export function tokenRoleForPath(path: string): TokenRole {
  return path.toLowerCase().includes("recruiter") ? "recruiter" : "applicant";
}

export interface UpstreamCall<T> {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Path below /api, starting with a slash, e.g. "/login". */
  path: string;
  query?: Record<string, string | undefined>;
  /** JSON body; DELETE carries its payload in the body too (R-API-01). */
  body?: unknown;
  /** R-ROLE-03: the spec's token-free calls say "none". */
  auth: "token" | "none";
  session?: AppSession;
  schema?: ZodType<T, ZodTypeDef, unknown>;
  /** Time budget (transport.server.ts); "page" unless the call hashes a password or loads an asset. */
  budget?: CallBudget;
}

interface RawResult {
  status: number;
  body: unknown;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function configLoaded(context: AppLoadContext): boolean {
  for (const key of context.memo.keys()) if (key.startsWith("config:")) return true;
  return false;
}

const SESSION_ENDED: readonly ErrorCode[] = ["C02", "C03", "C22", "C23"];

/**
 * The upstream session is over (C02/C03, or C22/C23 for anonymous applicants): such a failure
 * always goes to the error view with its sign-in button, never into a page's own inline message.
 */
export function endsSession(error: unknown): boolean {
  return error instanceof UpstreamError && SESSION_ENDED.includes(error.code);
}

function failureError(context: AppLoadContext, session: AppSession | undefined, failure: UpstreamFailure): Error {
  const applicant = session?.get("applicant");
  const code = codeForFailure(failure, { anonymous: Boolean(applicant?.anonymous), configLoaded: configLoaded(context) });
  if (code === null) return new SilentUpstreamFailure(failure);
  const profileId = applicant?.registrationProfileId ?? session?.get("activeProfileId");
  if (session && SESSION_ENDED.includes(code) && tokenRoleForPath(failure.path) === "applicant") {
    // The upstream session is over: forget the token, so the login page shows its form again
    // instead of sending the visitor back to a page that fails. Everything else in the session stays
    // (language, on-site station, form drafts).
    session.unset("applicant");
    void context.services.sessionStorage
      .commitSession(session)
      .catch((error) => context.logger.error({ err: error }, "could not persist the ended session"));
  }
  return new UpstreamError(failure, code, {
    requestId: context.requestId,
    onSite: Boolean(session?.get("onSite")),
    params: profileId ? { profileId } : undefined,
  });
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Over loopback (the embedded API, or an upstream on the same machine) compressing each response
 * only to inflate it again costs CPU and saves nothing: ask for it uncompressed. A remote upstream
 * gets fetch's default (gzip, deflate, br).
 */
function transferEncoding(url: URL): Record<string, string> {
  return LOOPBACK_HOSTS.has(url.hostname) ? { "Accept-Encoding": "identity" } : {};
}

/** What a JSON call accepts: as transferEncoding(), fetch's default for a remote upstream, which request() does not add. */
function acceptedEncoding(url: URL): string {
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
async function bodyText(response: Dispatcher.ResponseData): Promise<string> {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decode = DECODERS[encoding];
  if (!decode) return response.body.text();
  return (await decode(Buffer.from(await response.body.arrayBuffer()))).toString("utf8");
}

/**
 * The time budget of one call as a signal that is cleared once the call is done. AbortSignal.timeout()
 * makes a transferable signal and a timer that lives until garbage collection on every call, which
 * showed in the CPU profiles of signed-in pages; the reason is the same TimeoutError.
 */
function callDeadline(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")), ms);
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/** What a failed fetch was: the breaker refused it, the budget ran out, or no answer came. */
function failureKind(error: unknown): "unavailable" | "timeout" | "network" {
  if (isUpstreamUnavailable(error)) return "unavailable";
  return error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError") ? "timeout" : "network";
}

async function send(
  context: AppLoadContext,
  method: string,
  path: string,
  query: Record<string, string | undefined> | undefined,
  body: unknown,
  token: string | undefined,
  budget: CallBudget,
): Promise<RawResult | UpstreamFailure> {
  const url = new URL(context.services.upstreamBaseUrl + path);
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, value);
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Encoding": acceptedEncoding(url),
    "X-Request-Id": context.requestId,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  // The embedded API counts its request limits per visitor, not per app (decision 103).
  if (context.services.upstreamPublicOrigin === null) headers[VISITOR_ADDRESS_HEADER] = context.clientIp;
  const started = performance.now();
  // A logged path carries no link secret and no applicant's user name (redactUrl, docs/decisions/171).
  const log = { method, path: redactUrl(path) };
  const transport = context.services.upstream;
  try {
    // The body is read inside the breaker and the budget: an upstream that sends headers and then
    // stalls has not answered either.
    // undici's own request() on the shared Agent, not fetch(): fetch builds WHATWG Request, Headers,
    // Response and stream objects around the same call, a good part of a signed-in page's upstream
    // CPU (decision 112). Like fetch(manual) it follows no redirect; an expired
    // budget rejects with the signal's reason, the same TimeoutError.
    const { status, text } = await transport.run(async (dispatcher) => {
      const timeout = callDeadline(transport.timeoutFor(budget));
      try {
        const response = await dispatcher.request({
          origin: url.origin,
          path: url.pathname + url.search,
          method: method as Dispatcher.HttpMethod,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: timeout.signal,
        });
        return { status: response.statusCode, text: await bodyText(response) };
      } finally {
        timeout.clear();
      }
    });
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    const ended = performance.now();
    const durationMs = Math.round(ended - started);
    // startMs/endMs (the process's monotonic clock) show which calls of a request ran one after the
    // other and which in parallel (DESIGN §7: at most two sequential calls per loader).
    context.logger.info(
      { upstream: { ...log, status, durationMs, startMs: hundredths(started), endMs: hundredths(ended) } },
      "upstream call",
    );
    return { status, body: parsed };
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    const kind = failureKind(error);
    if (kind === "unavailable") {
      context.logger.warn({ upstream: { ...log, durationMs, failure: kind } }, "upstream call not attempted: circuit open");
    } else {
      context.logger.warn({ upstream: { ...log, durationMs, failure: kind }, err: error }, "upstream call failed");
    }
    return { kind, path };
  }
}

function hundredths(ms: number): number {
  return Math.round(ms * 100) / 100;
}

function isFailure(value: RawResult | UpstreamFailure): value is UpstreamFailure {
  return "kind" in value;
}

/**
 * R-TOK-01, exactly: no token → false; no expiry or expired (seconds) → POST /refreshToken, a new
 * access_token replaces the token → true, a failure → false (silently); still valid → true.
 * The refreshed token is written to the server-side session record at once.
 */
export function ensureFreshToken(context: AppLoadContext, session: AppSession, role: TokenRole): Promise<boolean> {
  return memoize(context, `token-check:${role}`, async () => {
    const grant = session.get<TokenRole>(role);
    if (!grant?.token) return false;
    if (grant.expiresAt !== null && grant.expiresAt > nowSeconds()) return true;
    const result = await send(context, "POST", "/refreshToken", undefined, undefined, grant.token, "page");
    if (isFailure(result) || result.status >= 400) return false;
    const body = result.body as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (typeof body?.access_token !== "string" || body.access_token === "") return false;
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : Number(body.expires_in);
    const refreshed = {
      ...grant,
      token: body.access_token,
      expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? nowSeconds() + Math.floor(expiresIn) : null,
    };
    session.set(role, refreshed);
    await context.services.sessionStorage.commitSession(session);
    return true;
  });
}

/** Calls the upstream and returns the parsed body of a success (status < 400), or throws. */
export async function callUpstream<T = unknown>(context: AppLoadContext, call: UpstreamCall<T>): Promise<T> {
  const method = call.method ?? "GET";
  let token: string | undefined;
  if (call.auth === "token") {
    const role = tokenRoleForPath(call.path);
    if (!call.session || !(await ensureFreshToken(context, call.session, role))) {
      throw failureError(context, call.session, { kind: "refresh-failed", path: call.path });
    }
    token = (call.session.get(role) as TokenGrant).token;
  }
  const result = await send(context, method, call.path, call.query, call.body, token, call.budget ?? "page");
  if (isFailure(result)) throw failureError(context, call.session, result);
  if (result.status >= 400) {
    throw failureError(context, call.session, { kind: "response", status: result.status, path: call.path, body: result.body });
  }
  if (!call.schema) return result.body as T;
  const parsed = call.schema.safeParse(result.body);
  if (!parsed.success) {
    context.logger.error(
      { upstream: { method, path: redactUrl(call.path) }, issues: parsed.error.issues.slice(0, 5) },
      "upstream response does not match the contract",
    );
    throw failureError(context, call.session, { kind: "invalid-response", path: call.path, status: result.status });
  }
  return parsed.data;
}

/** Binary responses (the PDF report): returns the upstream Response for streaming, or throws. */
export async function callUpstreamBinary(context: AppLoadContext, call: Omit<UpstreamCall<never>, "schema">): Promise<Response> {
  let token: string | undefined;
  if (call.auth === "token") {
    const role = tokenRoleForPath(call.path);
    if (!call.session || !(await ensureFreshToken(context, call.session, role))) {
      throw failureError(context, call.session, { kind: "refresh-failed", path: call.path });
    }
    token = (call.session.get(role) as TokenGrant).token;
  }
  const url = new URL(context.services.upstreamBaseUrl + call.path);
  const headers: Record<string, string> = { "X-Request-Id": context.requestId, ...transferEncoding(url) };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (call.body !== undefined) headers["Content-Type"] = "application/json";
  const transport = context.services.upstream;
  try {
    // Under the breaker until the headers arrive; the body streams to the browser afterwards.
    const response = await transport.run((dispatcher) =>
      fetch(url, {
        method: call.method ?? "POST",
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(transport.timeoutFor(call.budget ?? "asset")),
        dispatcher,
      } as RequestInit),
    );
    if (response.status >= 400) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* plain text */
      }
      throw failureError(context, call.session, { kind: "response", status: response.status, path: call.path, body });
    }
    return response;
  } catch (error) {
    if (error instanceof CatalogueError || error instanceof SilentUpstreamFailure) throw error;
    throw failureError(context, call.session, { kind: failureKind(error), path: call.path });
  }
}
