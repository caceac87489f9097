import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { cloneUser, signIn } from "../support/demo";
import { startFaultyUpstream, type FaultyUpstream } from "../support/faulty-upstream";
import { startServer, type RunningServer } from "../support/server";

/**
 * Decision 112: the upstream client calls through undici's request(), which, unlike
 * fetch, neither asks for nor inflates compressed answers by itself. A remote upstream still gets
 * "gzip, deflate, br" and its compressed answers are read; a local one is asked for identity. The app
 * runs against the real embedded API of a demo server through a proxy on 127.0.0.2 that compresses.
 */
let demo: RunningServer;
let upstream: FaultyUpstream;
let app: RunningServer;

beforeAll(async () => {
  demo = await startServer();
  upstream = await startFaultyUpstream(demo.baseUrl, { host: "127.0.0.2", compress: true });
  app = await startServer({ UPSTREAM_API_URL: upstream.url });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await upstream?.close();
  await demo?.stop();
});

describe("compressed answers of a remote upstream", () => {
  it("decision 112: the app asks a remote upstream for gzip, deflate or br and shows what the compressed answers carry", async () => {
    const user = await cloneUser(demo.baseUrl, "anna");
    const browser = new BrowserClient(app.baseUrl);
    await browser.get(`/${user.cstm}/login?langId=en_GB`);
    const home = await signIn(browser, user);
    expect(home.url).toMatch(/\/demo\/home$/);
    expect(home.text).toContain("Verbal reasoning");
    expect(new Set(upstream.encodings.map((call) => call.accepted))).toEqual(new Set(["gzip, deflate, br"]));
    expect(new Set(upstream.encodings.map((call) => call.sent))).toEqual(new Set(["gzip", "br", "deflate"]));
  });
});
