import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The request a loader gets through Remix's Express adapter (patches/@remix-run+express+2.17.5.patch, decision 202):
 * its signal aborts once the response is finished, not only when the client goes away before that. undici
 * unregisters the finalizer of a Request made with a signal only when that signal aborts, and Remix derives such a
 * Request for every loader (the one the loader below gets); without the abort they were all left to the collector.
 */
interface Seen {
  request: Request;
  /** Resolves with the signal's reason when the loader's request is aborted. */
  aborted: Promise<unknown>;
}

let server: Server | undefined;

afterEach(async () => {
  const started = server;
  server = undefined;
  if (!started) return;
  // The second test's response never ends: its connection would keep close() waiting for seconds.
  started.closeAllConnections();
  await new Promise((resolve) => started.close(resolve));
});

/**
 * Remix's real request handler through its Express adapter, in front of a build with the given routes: the smallest
 * build that takes a request through the adapter and Remix's loader calls. Resolves with the server's origin.
 */
async function listen(routes: Record<string, unknown>, future: Record<string, boolean> = {}): Promise<string> {
  const build = {
    mode: "production",
    // Only the loaders matter here: a document is a fixed answer.
    entry: { module: { default: () => new Response("document", { status: 200 }) } },
    routes,
    assets: { url: "/manifest.js", version: "1", entry: { module: "/entry.js", imports: [] }, routes: {} },
    publicPath: "/build/",
    assetsBuildDirectory: "build/client",
    future,
    isSpaMode: false,
  } as unknown as ServerBuild;
  const app = express();
  app.use(createRequestHandler({ build, mode: "production" }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A build with one resource route, /page, whose loader answers with `body(seen)`. */
async function serve(body: (seen: Seen) => ReadableStream<Uint8Array>): Promise<{ url: string; seen: Promise<Seen> }> {
  let reportSeen!: (seen: Seen) => void;
  const seen = new Promise<Seen>((resolve) => (reportSeen = resolve));
  const loader = ({ request }: { request: Request }) => {
    const entry: Seen = {
      request,
      aborted: new Promise((resolve) => request.signal.addEventListener("abort", () => resolve(request.signal.reason))),
    };
    reportSeen(entry);
    return new Response(body(entry), { headers: { "Content-Type": "text/plain" } });
  };
  const origin = await listen({
    root: { id: "root", path: "", module: {} },
    "routes/page": { id: "routes/page", parentId: "root", path: "page", module: { loader } },
  });
  return { url: `${origin}/page`, seen };
}

const encoder = new TextEncoder();

/** The abort's reason, or a failure that says what did not happen (rather than the test's timeout). */
async function abortReason(entry: Seen, after: string): Promise<Error> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the loader's request was not aborted within 5 s after ${after}`)), 5_000);
  });
  try {
    return (await Promise.race([entry.aborted, late])) as Error;
  } finally {
    clearTimeout(timer);
  }
}

describe("the request a loader gets through Express (decision 202)", () => {
  it("is not aborted while its response is written, and is aborted once the response is finished", async () => {
    let abortedWhileWriting: boolean | undefined;
    const { url, seen } = await serve(
      (entry) =>
        new ReadableStream({
          start(controller) {
            controller.enqueue(encoder.encode("first part, "));
          },
          pull(controller) {
            abortedWhileWriting = entry.request.signal.aborted;
            controller.enqueue(encoder.encode("last part"));
            controller.close();
          },
        }),
    );

    const response = await fetch(url);
    expect(await response.text()).toBe("first part, last part");
    const entry = await seen;
    expect(abortedWhileWriting).toBe(false);
    expect((await abortReason(entry, "its response was finished")).name).toBe("AbortError");
    expect(entry.request.signal.aborted).toBe(true);
  });

  it("is aborted, as before, when the client goes away before the response is finished", async () => {
    // A first part and never the end: only the client's leaving can close this response.
    const { url, seen } = await serve(
      () =>
        new ReadableStream({
          start(controller) {
            controller.enqueue(encoder.encode("first part"));
          },
        }),
    );

    const client = new AbortController();
    const response = await fetch(url, { signal: client.signal });
    const reader = response.body!.getReader();
    await reader.read();
    const entry = await seen;
    expect(entry.request.signal.aborted).toBe(false);
    client.abort();

    expect((await abortReason(entry, "the client went away")).name).toBe("AbortError");
  });
});

/**
 * A page's loaders in front of Remix's real request handler (patches/@remix-run+server-runtime+2.17.5.patch,
 * decision 204): the root's and the page's loader, as every page of the product has, with single fetch as the
 * product builds it. Resolves with the request each loader got once both ran.
 */
async function serveDocument(): Promise<{ origin: string; loaded: Promise<{ root: Request; page: Request }> }> {
  const requests: { root?: Request; page?: Request } = {};
  let reportBoth!: (both: { root: Request; page: Request }) => void;
  const loaded = new Promise<{ root: Request; page: Request }>((resolve) => (reportBoth = resolve));
  const loaderOf =
    (id: "root" | "page") =>
    ({ request }: { request: Request }) => {
      requests[id] = request;
      if (requests.root && requests.page) reportBoth({ root: requests.root, page: requests.page });
      return null;
    };
  const origin = await listen(
    {
      root: { id: "root", path: "", module: { loader: loaderOf("root"), default: () => null } },
      "routes/page": { id: "routes/page", parentId: "root", path: "page", module: { loader: loaderOf("page"), default: () => null } },
    },
    { v3_singleFetch: true },
  );
  return { origin, loaded };
}

describe("the request a page's loaders get (decision 204)", () => {
  it("is one request for all of them, with the page's URL and headers, when the URL has nothing to strip", async () => {
    const { origin, loaded } = await serveDocument();
    const response = await fetch(`${origin}/page?q=1`, { headers: { "X-Probe": "kept" } });
    expect(await response.text()).toBe("document");
    const { root, page } = await loaded;
    expect(page).toBe(root);
    expect(page.url).toBe(`${origin}/page?q=1`);
    expect(page.headers.get("X-Probe")).toBe("kept");
  });

  it("still reaches every loader without Remix's own index and _routes parameters", async () => {
    const { origin, loaded } = await serveDocument();
    const response = await fetch(`${origin}/page?index=&q=1&_routes=root`);
    await response.arrayBuffer();
    const { root, page } = await loaded;
    for (const request of [root, page]) expect(request.url).toBe(`${origin}/page?q=1`);
  });
});
