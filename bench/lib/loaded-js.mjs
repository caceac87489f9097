// The JavaScript a page really loads in a browser: Debian's Chromium opens the page (JS on, with the
// page's cookie), and every /assets/*.js it requests until the network has been quiet for 2.5 s
// (deferred modules rendered at once, anything loaded when the browser is idle) is measured
// gzip -9 like bench/lib/weight.mjs measures the files the HTML names, and as sent: the encoded body Chromium
// received (its Accept-Encoding offers br) and the body a gzip-only client gets (decision 180). Used by
// bench/page-weight.mjs.
import { request as httpRequest } from "node:http";
import { launchChromium } from "./chromium.mjs";
import { gzipSize } from "./weight.mjs";

/** The body's bytes as they come over the wire for `acceptEncoding` (fetch would decode them). */
export function sentSize(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
    });
    request.on("error", reject);
    request.end();
  });
}

const QUIET_MS = 2_500;
const DEADLINE_MS = 15_000;

export async function openBrowser() {
  const browser = await launchChromium();
  const sizes = new Map();
  const gzipOf = async (url) => {
    if (!sizes.has(url)) {
      const buffer = Buffer.from(await (await fetch(url)).arrayBuffer());
      sizes.set(url, gzipSize(buffer));
    }
    return sizes.get(url);
  };
  return {
    /** Every script the page loads: [{ file, gzip, sentChromium, sentGzip }], file as a path (/assets/…). */
    async loadedScripts(baseUrl, path, cookie) {
      const context = await browser.newContext();
      try {
        // Not JavaScript, and bare Remix has none: its 404 would only fill the output with a stack.
        await context.route("**/favicon.ico", (route) => route.abort());
        if (cookie) {
          const cookies = cookie.split(/;\s*/).map((pair) => {
            const at = pair.indexOf("=");
            return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
          });
          await context.addCookies(cookies);
        }
        const page = await context.newPage();
        const scripts = new Set();
        const received = new Map();
        page.on("requestfinished", (request) => {
          const url = new URL(request.url());
          if (!url.pathname.startsWith("/assets/") || !url.pathname.endsWith(".js")) return;
          received.set(
            url.pathname,
            request.sizes().then((sizes) => sizes.responseBodySize),
          );
        });
        let lastRequest = Date.now();
        page.on("request", (request) => {
          const url = new URL(request.url());
          lastRequest = Date.now();
          if (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js")) scripts.add(url.pathname);
        });
        const response = await page.goto(new URL(path, baseUrl).href, { waitUntil: "load" });
        if (!response || response.status() >= 300) throw new Error(`${path} answered ${response?.status()} in Chromium`);
        const started = Date.now();
        // Wait for the network to stay quiet, polling; idle callbacks may wait up to 2 s.
        while (Date.now() - lastRequest < QUIET_MS && Date.now() - started < DEADLINE_MS) {
          await page.waitForTimeout(100);
        }
        if (new URL(page.url()).pathname !== new URL(path, baseUrl).pathname) {
          throw new Error(`${path} moved on to ${page.url()} in Chromium`);
        }
        return Promise.all(
          [...scripts].map(async (file) => {
            const url = new URL(file, baseUrl).href;
            const sentChromium = await received.get(file);
            if (sentChromium === undefined) throw new Error(`${file}: Chromium did not finish loading it`);
            return { file, gzip: await gzipOf(url), sentChromium, sentGzip: await sentSize(url, "gzip") };
          }),
        );
      } finally {
        await context.close();
      }
    },
    close: () => browser.close(),
  };
}
