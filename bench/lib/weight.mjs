// Page weight as a browser sees it: the compressed HTML document, every JavaScript module the page
// loads (modulepreloads, inline imports and the static imports between chunks, followed
// recursively) and the stylesheets, each measured gzip-compressed.
import { gzipSync } from "node:zlib";

export const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

async function fetchBuffer(url, headers = {}, redirect = "follow") {
  const response = await fetch(url, { headers, redirect });
  return { response, buffer: Buffer.from(await response.arrayBuffer()) };
}

export async function measurePage(baseUrl, path, { cookie, headers = {} } = {}) {
  const requestHeaders = { Accept: "text/html", "Accept-Encoding": "gzip", ...headers };
  if (cookie) requestHeaders.Cookie = cookie;
  // fetch decompresses transparently: ask the server for its own gzip size via a raw count.
  // A redirect (e.g. a lost session sent to the login) would measure another page than the one named.
  const { response, buffer: html } = await fetchBuffer(new URL(path, baseUrl), requestHeaders, "manual");
  if (response.status >= 300) throw new Error(`${path} answered ${response.status} ${response.headers.get("location") ?? ""}`);
  const text = html.toString("utf8");

  const scripts = new Set();
  for (const match of text.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"|(?:import\(|from |import )"(\/assets\/[^"]+\.js)"/g)) {
    scripts.add(match[1] ?? match[2]);
  }
  const queue = [...scripts];
  const js = new Map();
  while (queue.length) {
    const asset = queue.shift();
    if (js.has(asset)) continue;
    const { buffer } = await fetchBuffer(new URL(asset, baseUrl));
    js.set(asset, { raw: buffer.length, gzip: gzipSize(buffer) });
    const source = buffer.toString("utf8");
    for (const match of source.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)) {
      const resolved = new URL(match[1], new URL(asset, baseUrl)).pathname;
      if (!js.has(resolved)) queue.push(resolved);
    }
  }
  const css = new Map();
  for (const match of text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) {
    const { buffer } = await fetchBuffer(new URL(match[1], baseUrl));
    css.set(match[1], { raw: buffer.length, gzip: gzipSize(buffer) });
  }
  const sum = (map) => [...map.values()].reduce((total, entry) => total + entry.gzip, 0);
  return {
    path,
    htmlRaw: html.length,
    htmlGzip: gzipSize(html),
    jsGzip: sum(js),
    jsFiles: [...js.entries()].map(([file, size]) => ({ file, ...size })),
    cssGzip: sum(css),
  };
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
