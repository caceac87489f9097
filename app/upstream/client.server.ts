import type { AppLoadContext } from "@remix-run/node";
import type { ZodType } from "zod/v4";
import { CatalogueError } from "~/errors/catalogue-error";
import { redactUrl } from "~/errors/redact";
import type { AppSession } from "~/session/session.server";
import { transferEncoding, jsonOrText } from "./decoding.server";
import { failureError, failureKind, SilentUpstreamFailure } from "./failures.server";
import { isFailure, send } from "./send.server";
import { tokenForCall } from "./token.server";
import type { CallBudget } from "./transport.server";

/**
 * The one client of the upstream /api (DESIGN §5). Only upstream/ knows paths, status codes and
 * payload field names. Every call has a time budget (transport.server.ts: page, credential or
 * asset), passes the circuit breaker and carries X-Request-Id; calls that need a token run the
 * token check of R-TOK-01 first (once per request and role, token.server.ts). The parts: one JSON
 * round trip (send.server.ts), its decoding (decoding.server.ts) and deadline (deadline.server.ts),
 * and what a failure becomes (failures.server.ts).
 */

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
  schema?: ZodType<T>;
  /** Time budget (transport.server.ts); "page" unless the call hashes a password or loads an asset. */
  budget?: CallBudget;
}

/** Calls the upstream and returns the parsed body of a success (status < 400), or throws. */
export async function callUpstream<T = unknown>(context: AppLoadContext, call: UpstreamCall<T>): Promise<T> {
  const method = call.method ?? "GET";
  const token = call.auth === "token" ? await tokenForCall(context, call.session, call.path) : undefined;
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
  const token = call.auth === "token" ? await tokenForCall(context, call.session, call.path) : undefined;
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
      const body = jsonOrText(await response.text());
      throw failureError(context, call.session, { kind: "response", status: response.status, path: call.path, body });
    }
    return response;
  } catch (error) {
    if (error instanceof CatalogueError || error instanceof SilentUpstreamFailure) throw error;
    throw failureError(context, call.session, { kind: failureKind(error), path: call.path });
  }
}
