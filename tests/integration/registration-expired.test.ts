import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { startServer, type RunningServer } from "../support/server";

/**
 * The embedded API never answers a registration with `expired: true`, but a customer's backend may
 * (spec §3). So the app under test talks to the real embedded API of a second server through a
 * pass-through proxy that changes only that one field of /register and /registerAnon, and records
 * the paths it forwarded.
 */
let backend: RunningServer;
let app: RunningServer;
let proxy: Server;
const forwarded: string[] = [];

beforeAll(async () => {
  backend = await startServer();
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? "/";
    forwarded.push(path.split("?")[0]);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !["host", "connection", "content-length"].includes(name)) as [string, string][],
    );
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const answer = await fetch(`${backend.baseUrl}${path}`, { method: req.method, headers, body });
    let text = await answer.text();
    if (/^\/api\/(register|registerAnon)$/.test(path) && answer.ok) text = JSON.stringify({ ...JSON.parse(text), expired: true });
    res.writeHead(answer.status, { "Content-Type": answer.headers.get("content-type") ?? "application/json" });
    res.end(text);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  app = await startServer({ UPSTREAM_API_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api` });
});

afterAll(async () => {
  await app?.stop();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await backend?.stop();
});

describe("R-AUTH-02 an expired account after registration", () => {
  it("R-AUTH-02 anonymous registration whose answer says expired goes to page-not-found and gives the token back", async () => {
    const browser = new BrowserClient(app.baseUrl);
    await browser.get("/demo/registration?profileId=P500&langId=en_GB");
    const before = forwarded.filter((path) => path === "/api/logout").length;
    const page = await browser.post("/demo/registration?profileId=P500", { privacy: "on" }, { follow: false });
    expect(page.status).toBe(302);
    expect(page.location).toBe("/demo/page-not-found");
    expect(forwarded.filter((path) => path === "/api/logout").length).toBe(before + 1);
    // No session survives: home sends the visitor to sign in.
    const home = await browser.get("/demo/home", { follow: false });
    expect(home.location).toMatch(/^\/demo\/login/);
  });

  it("R-AUTH-02 regular registration whose answer says expired goes to page-not-found", async () => {
    const browser = new BrowserClient(app.baseUrl);
    await browser.get("/demo/registration?langId=en_GB");
    const page = await browser.post(
      "/demo/registration",
      {
        firstName: "Erik",
        lastName: "Expired",
        email: `erik.${Date.now()}@example.com`,
        password: "Erik-Expired-2027",
        passwordRepeat: "Erik-Expired-2027",
        privacy: "on",
      },
      { follow: false },
    );
    expect(page.status).toBe(302);
    expect(page.location).toBe("/demo/page-not-found");
    const home = await browser.get("/demo/home", { follow: false });
    expect(home.location).toMatch(/^\/demo\/login/);
  });
});
