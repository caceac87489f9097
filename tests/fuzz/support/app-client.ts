import { decode } from "turbo-stream";
import type { Encoding, Entries, Transport } from "./arbitraries";
import type { FuzzApp } from "./in-process";
import { cookieHeader, storeSetCookies } from "../../support/cookies";

/**
 * The fuzz targets' client of the in-process app (support/in-process.ts): keeps cookies like a
 * browser and sends a form's entries in any encoding, by one of three ways (docs/decisions/102):
 * - "action": the route's action is called directly, as Remix calls it (most runs: the cheap way
 *   that runs the whole action against the real embedded API);
 * - "data": through Remix's request handler as a single-fetch data request (`/page.data`, with
 *   JavaScript), decoded like the browser decodes it;
 * - "document": through Remix's request handler as a document request (no JavaScript): the page
 *   is rendered, so the kept input can be read back from its fields.
 */
/** Generous: one answer may wait behind a few password hashes on a loaded machine. */
export const ANSWER_TIMEOUT_MS = 20_000;

export interface Answer {
  status: number;
  url: string;
  headers: Headers;
  text: string;
  location: string | null;
  transport: Transport;
  /** How long the answer took. */
  ms: number;
  /**
   * The decoded single-fetch payload of a data request; for a direct action call `{ data }` when
   * the action returned, `{ error }` when it threw (the error view), nothing for a redirect.
   */
  data?: unknown;
}

/** `/demo/login?x=1` → `/demo/login.data?x=1` (single fetch's address of a page's data). */
export function dataPath(path: string): string {
  const [pathname, ...query] = path.split("?");
  const base = pathname === "/" ? "/_root" : pathname.replace(/\/$/, "");
  return `${base}.data${query.length ? `?${query.join("?")}` : ""}`;
}

export function encodeBody(entries: Entries, encoding: Encoding): { body?: BodyInit; contentType?: string } {
  switch (encoding) {
    case "urlencoded":
      return { body: new URLSearchParams(entries).toString(), contentType: "application/x-www-form-urlencoded" };
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of entries) form.append(name, value);
      return { body: form };
    }
    case "json":
      return { body: JSON.stringify(Object.fromEntries(entries)), contentType: "application/json" };
    case "text":
      return { body: entries.map(([name, value]) => `${name}=${value}`).join("\n"), contentType: "text/plain" };
    case "none":
      // Bytes without a type: no Content-Type header.
      return { body: new TextEncoder().encode(new URLSearchParams(entries).toString()) };
    case "broken-multipart":
      return { body: new URLSearchParams(entries).toString(), contentType: "multipart/form-data; boundary=fuzz-boundary" };
  }
}

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: { status?: number; headers?: HeadersInit } | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as DataWithInit).type === "DataWithResponseInit";
}

/** What a loader's or action's value looks like as text (for the stack-trace check). */
export function textOf(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? String(item) : item)) ?? "";
  } catch {
    return String(value);
  }
}

/**
 * Turns what a loader or action returned or threw into an answer, as Remix would send it: a
 * Response as it is, `data()` with its status and headers, anything else thrown as a 500.
 */
export async function answerOf(
  outcome: { value?: unknown; thrown?: unknown },
  url: string,
  transport: Transport,
  started: number,
): Promise<Answer> {
  const thrown = "thrown" in outcome;
  const value = thrown ? outcome.thrown : outcome.value;
  let status = 200;
  let headers = new Headers();
  let payload: unknown = value;
  let text: string;
  if (value instanceof Response) {
    status = value.status;
    headers = value.headers;
    text = await value.text();
    payload = text;
  } else if (isDataWithInit(value)) {
    status = value.init?.status ?? 200;
    headers = new Headers(value.init?.headers);
    payload = value.data;
    text = textOf(payload);
  } else {
    // A thrown Error never leaves withCatalogueErrors as such; Remix would answer it with a 500.
    if (thrown) status = 500;
    text = textOf(value);
  }
  const redirect = status >= 300 && status < 400;
  return {
    status,
    url,
    headers,
    text,
    location: headers.get("location"),
    transport,
    ms: performance.now() - started,
    data: redirect ? undefined : thrown ? { error: payload } : { data: payload },
  };
}

interface RequestInit_ {
  method?: string;
  entries?: Entries;
  encoding?: Encoding;
  /** A body of its own instead of form entries. */
  raw?: { body: BodyInit; contentType?: string };
  transport?: Transport;
  headers?: Record<string, string>;
}

export class AppClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly app: FuzzApp) {}

  /** Takes over the cookies of a signed-in BrowserClient. */
  withCookies(cookies: Map<string, string>): this {
    for (const [name, value] of cookies) this.cookies.set(name, value);
    return this;
  }

  private build(path: string, method: string, transport: Transport, init: RequestInit_): Request {
    const base = new URL(this.app.baseUrl);
    const url = new URL(transport === "data" ? dataPath(path) : path, base).toString();
    const headers: Record<string, string> = {
      Host: base.host,
      Accept: transport === "document" ? "text/html" : "*/*",
      ...init.headers,
    };
    const cookie = cookieHeader(this.cookies);
    if (cookie) headers.Cookie = cookie;
    let body: BodyInit | undefined;
    if (init.entries || init.raw) {
      const encoded = init.raw ?? encodeBody(init.entries!, init.encoding ?? "urlencoded");
      body = encoded.body;
      if (encoded.contentType) headers["Content-Type"] = encoded.contentType;
      headers.Origin ??= base.origin;
      headers["Sec-Fetch-Site"] ??= "same-origin";
    }
    return new Request(url, { method, headers, body });
  }

  /** The route Remix would run the action of for this path (the deepest match; an index route only with ?index). */
  private actionRoute(url: URL) {
    const matches = this.app.match(url.pathname);
    if (!matches) return null;
    let leaf = matches.at(-1)!;
    if (this.app.build.routes[leaf.id].index && !url.searchParams.has("index") && matches.length > 1) leaf = matches.at(-2)!;
    return leaf;
  }

  async request(path: string, init: RequestInit_ = {}): Promise<Answer> {
    const transport = init.transport ?? "document";
    const method = init.method ?? (init.entries || init.raw ? "POST" : "GET");
    const request = this.build(path, method, transport, init);
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms (the app is stuck on this request): ${method} ${request.url}`)),
        ANSWER_TIMEOUT_MS,
      );
    });
    try {
      const answer = await Promise.race([this.dispatch(request, transport, started), deadline]);
      // A request that blocked the event loop cannot be timed out while it runs: it fails after it.
      if (answer.ms > ANSWER_TIMEOUT_MS)
        throw new Error(`the answer took ${Math.round(answer.ms)} ms (the app froze on this request): ${method} ${request.url}`);
      storeSetCookies(this.cookies, answer.headers);
      return answer;
    } finally {
      clearTimeout(timer);
    }
  }

  private async dispatch(request: Request, transport: Transport, started: number): Promise<Answer> {
    if (transport === "action") {
      const url = new URL(request.url);
      const route = this.actionRoute(url);
      if (!route) return answerOf({ thrown: new Response("Not Found", { status: 404 }) }, request.url, transport, started);
      const action = this.app.build.routes[route.id].module.action;
      // Remix answers a POST to a route without an action with 405.
      if (!action) return answerOf({ thrown: new Response("Method Not Allowed", { status: 405 }) }, request.url, transport, started);
      try {
        return await answerOf(
          { value: await action({ request, params: route.params, context: this.app.context() }) },
          request.url,
          transport,
          started,
        );
      } catch (thrown) {
        return await answerOf({ thrown }, request.url, transport, started);
      }
    }
    const response = await this.app.handle(request);
    const text = await response.text();
    const answer: Answer = {
      status: response.status,
      url: request.url,
      headers: response.headers,
      text,
      location: response.headers.get("location"),
      transport,
      ms: performance.now() - started,
    };
    if (transport === "data" && (response.headers.get("content-type") ?? "").startsWith("text/x-script")) {
      answer.data = await decodeSingleFetch(text);
      // Single fetch answers a redirect with 202 and its target in the payload.
      const target = (answer.data as { redirect?: unknown } | undefined)?.redirect;
      if (response.status === 202 && typeof target === "string") answer.location = target;
    }
    return answer;
  }

  get(path: string, options: { transport?: Transport; headers?: Record<string, string> } = {}) {
    return this.request(path, options);
  }

  post(path: string, entries: Entries, options: { encoding?: Encoding; transport?: Transport; headers?: Record<string, string> } = {}) {
    return this.request(path, { ...options, entries });
  }
}

async function decodeSingleFetch(text: string): Promise<unknown> {
  const stream = new Response(text).body!;
  // Remix's own types (ErrorResponse, SingleFetchRedirect, SanitizedError, …) decode as { type, values }.
  const decoded = await decode(stream, { plugins: [(type: string, ...values: unknown[]) => ({ value: { type, values } })] });
  await decoded.done;
  return decoded.value;
}
