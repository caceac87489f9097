// What bench/recruiter-list.mjs and bench/recruiter-stats.mjs share: a temporary embedded-API database
// in demo mode topped up with generated applicants (api/demo/bulk.ts, deterministic) to a wanted count,
// the API on a loopback port with rita signed in, and a query asked once to warm up and then `runs` times
// with the server's own time read from its Server-Timing header (median and p95: bench/lib/stats.mjs).
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";

register();
const { default: express } = await import("express");
const { default: pino } = await import("pino");
const { createEmbeddedApi } = await import("../../api/index.ts");
const { openDatabase } = await import("../../api/db/connection.ts");
const { migrate } = await import("../../api/db/migrations.ts");
const { seedDatabase } = await import("../../api/db/seed.ts");
const { insertBulkApplicants } = await import("../../api/demo/bulk.ts");

const countApplicants = (db, cstm) =>
  cstm
    ? db.prepare("SELECT COUNT(*) AS n FROM users WHERE cstm = ? AND role = 'applicant'").get(cstm).n
    : db.prepare("SELECT COUNT(*) AS n FROM users WHERE user_base = 'demo' AND role = 'applicant'").get().n;

/**
 * The seeded API, listening on 127.0.0.1, with rita's bearer token; `jobs` sets its scheduled jobs (retention). `close({ keep })` stops it and
 * removes the database unless asked to keep it (its path is printed then, to look at query plans). `cstm`: the
 * generated applicants' customer, counted alone (demo-vor-ort starts without any: bench/recruiter-bulk.mjs).
 */
export async function startSeededRecruiterApi({ applicants, name, jobs, cstm }) {
  const dir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
  const databasePath = path.join(dir, "api.db");
  let api;
  let server;
  const close = async ({ keep = false } = {}) => {
    if (server) await new Promise((resolve) => server.close(resolve));
    await api?.close();
    if (keep) console.log(`database kept: ${databasePath}`);
    else rmSync(dir, { recursive: true, force: true });
  };
  try {
    const db = openDatabase(databasePath);
    let seeded;
    try {
      const started = performance.now();
      migrate(db);
      await seedDatabase(db, { demoMode: true, appBaseUrl: () => "http://localhost" });
      db.transaction(() =>
        insertBulkApplicants(db, {
          count: Math.max(0, applicants - countApplicants(db, cstm)),
          now: new Date(),
          recruiters: false,
          seed: 4711,
          ...(cstm ? { cstm } : {}),
        }),
      )();
      db.pragma("wal_checkpoint(TRUNCATE)");
      seeded = countApplicants(db, cstm);
      console.log(`seeded ${seeded} applicants of customer ${cstm ?? "demo"} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      db.close();
    }
    api = await createEmbeddedApi({
      databasePath,
      tokenTtlS: 3600,
      tokenAbsoluteTtlS: 43_200,
      appBaseUrl: () => "http://localhost",
      bodyLimitBytes: 1024 * 1024,
      logger: pino({ level: "silent" }),
      demoMode: true,
      jobs,
    });
    const app = express();
    app.use("/api", api.router);
    server = await new Promise((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const baseUrl = `http://127.0.0.1:${server.address().port}/api`;
    const login = await fetch(`${baseUrl}/recruiter/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ cstm: "demo", userName: "rita", password: "Rita-Recruiter-2027" }),
    });
    if (!login.ok) throw new Error(`recruiter login failed: ${login.status}`);
    const { access_token: token } = await login.json();
    return { baseUrl, token, applicants: seeded, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Asks `url` once to warm up (statement compilation) and then `runs` times. Returns the body's
 * `total`, the server's times (the Server-Timing header's first `dur`), the round trips and each
 * answer's whole Server-Timing header, all in ms.
 */
export async function timeQuery(url, token, runs, label = url) {
  const server = [];
  const roundTrip = [];
  const timings = [];
  let total = 0;
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`${label}: ${response.status} ${JSON.stringify(body)}`);
    total = body.total;
    if (run === 0) continue;
    const timing = response.headers.get("server-timing") ?? "";
    roundTrip.push(elapsed);
    timings.push(timing);
    server.push(Number(/dur=([\d.]+)/.exec(timing)?.[1] ?? NaN));
  }
  return { total, server, roundTrip, timings };
}

/** Timings on a shared machine depend on what else runs: the load says how much. */
export const machineLine = () =>
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ")}\n`;
