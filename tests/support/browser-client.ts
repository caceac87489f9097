/**
 * A tiny HTTP client that behaves like a browser without JavaScript: it keeps cookies, follows
 * redirects when asked, and posts forms as application/x-www-form-urlencoded with the
 * Sec-Fetch-Site header a real browser sends for same-origin form posts.
 */
import { cookieHeader, storeSetCookies } from "./cookies";

export interface PageResponse {
  status: number;
  url: string;
  headers: Headers;
  text: string;
  location: string | null;
}

/** A form's fields; pairs for a name that repeats (checkboxes of one name). */
export type FormFields = Record<string, string> | [string, string][];

export class BrowserClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(
    path: string,
    init: { method?: string; form?: FormFields; headers?: Record<string, string>; follow?: boolean } = {},
  ): Promise<PageResponse> {
    let url = new URL(path, this.baseUrl).toString();
    let method = init.method ?? (init.form ? "POST" : "GET");
    let body: string | undefined = init.form ? new URLSearchParams(init.form).toString() : undefined;
    for (let hop = 0; hop < 10; hop++) {
      const headers: Record<string, string> = { Accept: "text/html", ...init.headers };
      const cookie = cookieHeader(this.cookies);
      if (cookie) headers.Cookie = cookie;
      if (body !== undefined) {
        headers["Content-Type"] = "application/x-www-form-urlencoded";
        headers["Sec-Fetch-Site"] ??= "same-origin";
        headers.Origin ??= new URL(this.baseUrl).origin;
      }
      const response = await fetch(url, { method, headers, body, redirect: "manual" });
      storeSetCookies(this.cookies, response.headers);
      const location = response.headers.get("location");
      if (init.follow !== false && location && response.status >= 300 && response.status < 400) {
        url = new URL(location, url).toString();
        method = "GET";
        body = undefined;
        await response.arrayBuffer();
        continue;
      }
      return { status: response.status, url, headers: response.headers, text: await response.text(), location };
    }
    throw new Error("too many redirects");
  }

  get(path: string, options: { follow?: boolean; headers?: Record<string, string> } = {}) {
    return this.request(path, options);
  }

  post(path: string, form: FormFields, options: { follow?: boolean; headers?: Record<string, string> } = {}) {
    return this.request(path, { ...options, form });
  }

  /**
   * A multipart form post with one file, as a browser sends a file input (the CSV upload of docs/decisions/153);
   * the redirect after it is followed with GET like any form post.
   */
  async upload(
    path: string,
    file: { field: string; name: string; type: string; content: string | Uint8Array },
    options: { fields?: Record<string, string>; headers?: Record<string, string>; follow?: boolean } = {},
  ): Promise<PageResponse> {
    const body = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) body.append(name, value);
    body.append(
      file.field,
      new Blob([typeof file.content === "string" ? file.content : new Uint8Array(file.content)], { type: file.type }),
      file.name,
    );
    const headers: Record<string, string> = {
      Accept: "text/html",
      "Sec-Fetch-Site": "same-origin",
      Origin: new URL(this.baseUrl).origin,
      ...options.headers,
    };
    const cookie = cookieHeader(this.cookies);
    if (cookie) headers.Cookie = cookie;
    const url = new URL(path, this.baseUrl).toString();
    const response = await fetch(url, { method: "POST", headers, body, redirect: "manual" });
    storeSetCookies(this.cookies, response.headers);
    const location = response.headers.get("location");
    if (options.follow !== false && location && response.status >= 300 && response.status < 400) {
      await response.arrayBuffer();
      return this.request(new URL(location, url).toString(), { headers: options.headers });
    }
    return { status: response.status, url, headers: response.headers, text: await response.text(), location };
  }
}

/** The visible text of an element by id, tags stripped (enough for assertions on our own markup). */
export function textOf(html: string, pattern: RegExp): string | undefined {
  const match = pattern.exec(html);
  return match?.[1]
    ?.replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
