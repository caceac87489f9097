import { decode } from "turbo-stream";
import type { Encoding, Entries, Transport } from "./arbitraries";

/**
 * The fuzz targets' HTTP client for the app: keeps cookies like a browser, posts a form's entries
 * in any encoding, as a document request (no JavaScript) or as Remix's single-fetch data request
 * (`/page.data`, with JavaScript), over the keep-alive connections of Node's fetch.
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
  /** The decoded single-fetch payload of a data request. */
  data?: unknown;
}

/** `/demo/login?x=1` → `/demo/login.data?x=1` (single fetch's address of a page's data). */
export function dataPath(path: string): string {
  const [pathname, ...query] = path.split("?");
  const base = pathname === "/" ? "/_root" : pathname.replace(/\/$/, "");
  return `${base}.data${query.length ? `?${query.join("?")}` : ""}`;
}

function body(entries: Entries, encoding: Encoding): { body?: BodyInit; contentType?: string } {
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
      // Bytes without a type: fetch adds no Content-Type header.
      return { body: new TextEncoder().encode(new URLSearchParams(entries).toString()) };
    case "broken-multipart":
      return { body: new URLSearchParams(entries).toString(), contentType: "multipart/form-data; boundary=fuzz-boundary" };
  }
}

export class AppClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** Takes over the cookies of a signed-in BrowserClient. */
  withCookies(cookies: Map<string, string>): this {
    for (const [name, value] of cookies) this.cookies.set(name, value);
    return this;
  }

  private store(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, val] = attribute.split("=").map((part) => part.trim().toLowerCase());
        return (key === "max-age" && Number(val) <= 0) || (key === "expires" && Date.parse(val) < Date.now());
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(
    path: string,
    init: { method?: string; entries?: Entries; encoding?: Encoding; transport?: Transport; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const transport = init.transport ?? "document";
    const url = new URL(transport === "data" ? dataPath(path) : path, this.baseUrl).toString();
    const method = init.method ?? (init.entries ? "POST" : "GET");
    const headers: Record<string, string> = {
      Accept: transport === "document" ? "text/html" : "*/*",
      "Accept-Encoding": "identity",
      ...init.headers,
    };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    let requestBody: BodyInit | undefined;
    if (init.entries) {
      const encoded = body(init.entries, init.encoding ?? "urlencoded");
      requestBody = encoded.body;
      if (encoded.contentType) headers["Content-Type"] = encoded.contentType;
      headers.Origin ??= new URL(this.baseUrl).origin;
      headers["Sec-Fetch-Site"] ??= "same-origin";
    }
    const started = performance.now();
    let response: Response | undefined;
    for (let attempt = 1; !response; attempt++) {
      try {
        response = await fetch(url, { method, headers, body: requestBody, redirect: "manual", signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
      } catch (error) {
        if ((error as Error).name === "TimeoutError") {
          throw new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms (the server is stuck on this request or on another one): ${method} ${url}`);
        }
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        // A kept-alive connection the server closed just as it was reused: the request never
        // reached it. Once more on a new connection; a server that really drops it fails again.
        if (attempt === 1 && (cause?.code === "ECONNRESET" || cause?.code === "UND_ERR_SOCKET")) continue;
        throw new Error(`${(error as Error).message} (${cause?.code ?? ""} ${cause?.message ?? ""}): ${method} ${url}`);
      }
    }
    this.store(response.headers);
    const text = await response.text();
    const answer: Answer = {
      status: response.status,
      url,
      headers: response.headers,
      text,
      location: response.headers.get("location"),
      transport,
      ms: performance.now() - started,
    };
    if (transport === "data" && (response.headers.get("content-type") ?? "").startsWith("text/x-script")) {
      answer.data = await decodeSingleFetch(text);
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
