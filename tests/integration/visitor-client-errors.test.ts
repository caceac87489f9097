import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server";

/**
 * R-ENT-09, docs/decisions/125: a visitor's browser error (before sign-in) goes through the app to the
 * real embedded API without a token, and arrives there (it used to be answered 401 and lost).
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

function storedReports(message: string): Array<{ user_id: number | null; report_json: string }> {
  const db = new Database(join(server.dataDir, "api.db"), { readonly: true });
  try {
    return db.prepare("SELECT user_id, report_json FROM client_errors WHERE report_json LIKE ?").all(`%${message}%`) as Array<{
      user_id: number | null;
      report_json: string;
    }>;
  } finally {
    db.close();
  }
}

describe("R-ENT-09 visitor error reports (decision 125)", () => {
  it("R-ENT-09 an error on the login page of a visitor reaches the embedded API, without a user", async () => {
    const message = `visitor login page boom ${Date.now()}`;
    const response = await fetch(`${server.baseUrl}/_client-errors`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "User-Agent": "Mozilla/5.0 (X11; Linux) Chromium/140", "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({ source: "error", message, stack: "at login.tsx:1", url: "/demo/login?langId=en_GB" }),
    });
    expect(response.status).toBe(204);
    // Forwarding finishes before the answer; poll with a deadline all the same (the write is the API's).
    const deadline = Date.now() + 10_000;
    let rows = storedReports(message);
    while (rows.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = storedReports(message);
    }
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBeNull();
    const forwarded = JSON.parse(rows[0].report_json) as { client: string; url: string; userInfo: unknown };
    expect(forwarded.client).toBe("demo");
    expect(forwarded.url).toMatch(/\/demo\/login/);
    expect(forwarded.userInfo).toBeNull();
  });
});
