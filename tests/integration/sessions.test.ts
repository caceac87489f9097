import path from "node:path";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { signIn } from "../support/demo";
import { startServer, testSecret, type RunningServer } from "../support/server";

/** App sessions over real HTTP against the real server and its SQLite session store (issue 10). */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const SESSION_COOKIE = "__Host-session";

async function sessionIdOf(cookieValue: string): Promise<string> {
  const id: unknown = await createCookie(SESSION_COOKIE, { secrets: [testSecret()] }).parse(`${SESSION_COOKIE}=${cookieValue}`);
  if (typeof id !== "string") throw new Error("not a session cookie of this server");
  return id;
}

function storedSessionIds(): string[] {
  const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
  try {
    return (db.prepare("SELECT id FROM sessions").all() as Array<{ id: string }>).map((row) => row.id);
  } finally {
    db.close();
  }
}

describe("session ids (issue 10)", () => {
  it("a logged-out cookie replayed is never written back under its id and signs nobody in", async () => {
    const browser = new BrowserClient(server.baseUrl);
    await signIn(browser, { userName: "anna", password: "Anna-Demo-2027", cstm: "demo" });
    const oldCookie = browser.cookies.get(SESSION_COOKIE)!;
    const oldId = await sessionIdOf(oldCookie);
    expect(storedSessionIds()).toContain(oldId);
    await browser.post("/demo/logout", {}, { follow: false });
    expect(storedSessionIds()).not.toContain(oldId);

    // Someone kept the old cookie and keeps using it, on pages that write the session.
    const replay = new BrowserClient(server.baseUrl);
    replay.cookies.set(SESSION_COOKIE, oldCookie);
    for (const page of ["/demo/login?langId=hu", "/demo/login?langId=en_GB", "/demo/FAQ"]) {
      const response = await replay.get(page);
      expect(response.status, page).toBe(200);
      expect(response.headers.getSetCookie().join("\n"), page).not.toContain(`${SESSION_COOKIE}=${oldCookie}`);
    }
    expect(storedSessionIds()).not.toContain(oldId);
    const home = await replay.get("/demo/home", { follow: false });
    expect(home.location).toMatch(/^\/demo\/login/);
  });
});
