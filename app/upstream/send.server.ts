import type { AppLoadContext } from "@remix-run/node";
import type { Dispatcher } from "undici";
import type { UpstreamFailure } from "~/errors/mapping";
import { redactUrl } from "~/errors/redact";
import { callDeadline } from "./deadline.server";
import { acceptedEncoding, bodyText, jsonOrText } from "./decoding.server";
import { failureKind } from "./failures.server";
import type { CallBudget } from "./transport.server";
import { VISITOR_ADDRESS_HEADER } from "./visitor-address";

/** One JSON round trip to the upstream, logged; what the answer means is the caller's business. */
export interface RawResult {
  status: number;
  body: unknown;
}

export async function send(
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
    const parsed = text ? jsonOrText(text) : undefined;
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

export function isFailure(value: RawResult | UpstreamFailure): value is UpstreamFailure {
  return "kind" in value;
}
