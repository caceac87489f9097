import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_REPORTS_PER_MINUTE } from "../../app/errors/report-budget";
import { startServer, type RunningServer } from "../support/server";

/**
 * R-ENT-09, decision 103: /_client-errors counts its budget per client address, so one client
 * posting without end cannot mute everyone else's reports. One proxy in front of the app (the test
 * plays it, TRUST_PROXY=1) tells the clients apart; the reports go on to the real embedded API.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  await server?.stop();
});

function report(address: string, message: string) {
  return fetch(`${server.baseUrl}/_client-errors`, {
    method: "POST",
    headers: {
      "Content-Type": "text/plain",
      "User-Agent": "Mozilla/5.0 (X11; Linux) Chromium/140",
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": address,
    },
    body: JSON.stringify({ source: "error", message, stack: "at login.tsx:1", url: "/demo/login" }),
  });
}

function storedCount(message: string): number {
  const db = new Database(join(server.dataDir, "api.db"), { readonly: true });
  try {
    return (
      db.prepare("SELECT count(*) AS n FROM client_errors WHERE report_json LIKE ?").get(`%${JSON.stringify(message).slice(1, -1)}%`) as {
        n: number;
      }
    ).n;
  } finally {
    db.close();
  }
}

/** Polls the API's table until the report is there (the write is the API's), with a deadline. */
async function arrived(message: string): Promise<number> {
  const deadline = Date.now() + 10_000;
  let count = storedCount(message);
  while (count === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    count = storedCount(message);
  }
  return count;
}

describe("R-ENT-09 client error reports are budgeted per client (decision 103)", () => {
  it("R-ENT-09 client A exhausting its budget does not stop client B's report from arriving", async () => {
    const run = Date.now();
    for (let n = 0; n < CLIENT_REPORTS_PER_MINUTE; n++) {
      expect((await report("203.0.113.50", `A ${run} #${n}`)).status, `report ${n + 1} of A`).toBe(204);
    }
    expect((await report("203.0.113.50", `A ${run} over`)).status).toBe(429);

    expect((await report("203.0.113.51", `B ${run} first`)).status).toBe(204);
    expect(await arrived(`B ${run} first`)).toBe(1);
    // B's report was sent after A's refused one: had that been forwarded, it would be stored by now.
    expect(storedCount(`A ${run} over`)).toBe(0);

    // B's whole budget arrives too: the embedded API counts the visitors the app forwards for one by
    // one, not as the app's single address (A's and B's reports together are over its 30 a minute).
    for (let n = 1; n < CLIENT_REPORTS_PER_MINUTE; n++) {
      expect((await report("203.0.113.51", `B ${run} #${n}`)).status, `report ${n + 1} of B`).toBe(204);
    }
    expect(await arrived(`B ${run} #${CLIENT_REPORTS_PER_MINUTE - 1}`)).toBe(1);
  });
});
