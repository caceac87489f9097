import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/connection";
import { migrate } from "../../api/db/migrations";
import { seedDemoData } from "../../api/db/seed";
import { BrowserClient } from "../support/browser-client";
import { signIn } from "../support/demo";
import { runServerExpectingExit, startServer, testSecret, type RunningServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { eventually } from "./errors-fakes";

/**
 * docs/decisions/090: a production start without DEMO_MODE has no demo accounts,
 * no /api/dev/*, and a reset link leaves the server only through the mail transport.
 */
let server: RunningServer;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ DEMO_MODE: "false", SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("decision 090: production start without DEMO_MODE", () => {
  it("npm start on a host with NODE_ENV=production keeps demo mode off and says so in one line; no outbox, no demo accounts", async () => {
    // DEMO_MODE unset, as on such a host: startServer's own default is taken out.
    const started = await startServer({ DEMO_MODE: undefined }, { script: "scripts/start.mjs" });
    try {
      const output = started.logs();
      expect(output).toContain("NODE_ENV=production: demo mode stays off");
      expect(output).toContain("embedded API database ready (no demo accounts)");
      expect(output).not.toContain("DEMO_MODE=true: local demo");
      expect((await fetch(`${started.baseUrl}/api/dev/outbox`)).status).toBe(404);
    } finally {
      await started.stop();
    }
  });

  it("says which mode runs; the demo users of the README cannot sign in", async () => {
    await eventually("the embedded API's start line", () => server.logs().includes("embedded API database ready (no demo accounts)"));
    for (const [userName, password] of [
      ["anna", "Anna-Demo-2027"],
      ["dora", "Dora-Demo-2027"],
    ]) {
      const page = await signIn(new BrowserClient(server.baseUrl), { userName, password, cstm: "demo" });
      expect(page.status, userName).toBe(401);
    }
    const rita = await fetch(`${server.baseUrl}/api/recruiter/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ cstm: "demo", userName: "rita", password: "Rita-Recruiter-2027" }),
    });
    expect(rita.status).toBe(401);
  });

  it("forgot-password: the outbox is 404 like any unknown path, and the reset link is only in the mail", async () => {
    const responses: string[] = [];
    const keep = async (response: Response) => {
      const text = await response.text();
      responses.push(text, JSON.stringify([...response.headers]));
      return { status: response.status, text };
    };
    const email = "paula.probe@example.com";
    const registered = await keep(
      await fetch(`${server.baseUrl}/api/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          cstm: "demo",
          email,
          password: "Paula-Probe-2027",
          firstName: "Paula",
          lastName: "Probe",
          language: "en_GB",
          dataProtectionStatementId: 1,
          dataProtectionStatementRevision: 3,
        }),
      }),
    );
    expect(registered.status).toBe(201);

    const browser = new BrowserClient(server.baseUrl);
    responses.push((await browser.get("/demo/forgot-password?langId=en_GB")).text);
    const sent = await browser.post("/demo/forgot-password", { username: email });
    responses.push(sent.text, JSON.stringify([...sent.headers]));
    expect(sent.text).toContain("If we have your username, we have just sent an email");

    const unknownPath = await keep(await fetch(`${server.baseUrl}/api/no-such-call`));
    expect(unknownPath.status).toBe(404);
    for (const [method, apiPath] of [
      ["GET", "/api/dev/outbox"],
      ["GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`],
      ["POST", "/api/dev/clone-user"],
    ]) {
      const reply = await keep(
        await fetch(server.baseUrl + apiPath, {
          method,
          headers: method === "POST" ? { "Content-Type": "application/json" } : {},
          body: method === "POST" ? JSON.stringify({ template: "anna" }) : undefined,
        }),
      );
      expect(reply.status, apiPath).toBe(404);
      expect(reply.text, apiPath).toBe(unknownPath.text);
    }

    const mail = await smtp.waitFor((candidate) => candidate.to.includes(email) && candidate.text.includes("reset-password"));
    const link = /https?:\/\/\S+\/demo\/reset-password\/([^/\s]+)\/[A-Za-z_-]+/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const [url, hash] = link!;
    expect(hash.length).toBeGreaterThanOrEqual(32);

    // The mailed link is real: it opens the reset form.
    const form = await new BrowserClient(server.baseUrl).get(new URL(url).pathname + "?langId=en_GB");
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="password"');
    const requestId = form.headers.get("x-request-id")!;

    for (const text of responses) expect(text.includes(hash)).toBe(false);
    // The log is complete up to the visit of the link once that page's own request line is there (the
    // embedded API's calls of the same request carry the same id and finish earlier).
    const pageLine = await eventually("the request line of the link visit", () =>
      server
        .logs()
        .split("\n")
        .find((line) => line.includes(requestId) && line.includes('"request completed"') && line.includes('"url":"/demo/reset-password/')),
    );
    expect(pageLine).toContain('"url":"/demo/reset-password/[redacted]/en_GB');
    expect(server.logs().includes(hash)).toBe(false);
    // Nor in the database: the outbox row keeps the mail without the link's secret.
    const db = new Database(path.join(server.dataDir, "api.db"), { readonly: true });
    try {
      const dump = JSON.stringify(db.prepare("SELECT * FROM mail_outbox").all());
      expect(dump).toContain("reset-password/[redacted]");
      expect(dump.includes(hash)).toBe(false);
    } finally {
      db.close();
    }
  });
});

describe("decision 090: a demo database without DEMO_MODE", () => {
  it("stops the production start with one line naming DEMO_MODE and API_DATABASE_PATH", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "demo-db-"));
    try {
      const apiDatabasePath = path.join(dir, "api.db");
      const db = openDatabase(apiDatabasePath);
      try {
        migrate(db);
        await seedDemoData(db, { appBaseUrl: () => "" });
      } finally {
        db.close();
      }
      const result = await runServerExpectingExit({
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: "0",
        SESSION_SECRET: testSecret(),
        DATABASE_PATH: path.join(dir, "app.db"),
        API_DATABASE_PATH: apiDatabasePath,
        LOG_LEVEL: "warn",
      });
      expect(result.code).toBe(1);
      const lines = result.output.trim().split("\n");
      expect(lines, result.output).toHaveLength(1);
      expect(lines[0]).toMatch(/holds the demo accounts.*DEMO_MODE=true.*API_DATABASE_PATH/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
