// `npm run bench:recruiter-stats`: the recruiter's progress and summary figures (issue 12,
// docs/decisions/155). Seeds a temporary embedded-API database in demo mode plus generated applicants
// (api/demo/bulk.ts, deterministic; 10,000 by default, the demo itself has 300), signs rita in and asks
// GET /api/demo/recruiter/stats --runs times per filter (default 30), after one warm-up. Prints per
// filter the median and p95 of the server time (the Server-Timing header: the SQL, without HTTP) and
// the median round trip. Fails (exit code 1) when a median server time is above the budget of 200 ms.
// Options: --applicants <n> (10000), --runs <n> (30), --budget <ms> (200), --keep (keep the database).
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, cpus, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";

const { values: args } = parseArgs({
  options: {
    applicants: { type: "string", default: "10000" },
    runs: { type: "string", default: "30" },
    budget: { type: "string", default: "200" },
    /** Keep the database (its path is printed) to look at query plans. */
    keep: { type: "boolean", default: false },
  },
});

register();
const { default: express } = await import("express");
const { default: pino } = await import("pino");
const { createEmbeddedApi } = await import("../api/index.ts");
const { openDatabase } = await import("../api/db/connection.ts");
const { migrate } = await import("../api/db/migrations.ts");
const { seedDatabase } = await import("../api/db/seed.ts");
const { insertBulkApplicants } = await import("../api/demo/bulk.ts");

const dir = mkdtempSync(path.join(tmpdir(), "bench-recruiter-stats-"));
const databasePath = path.join(dir, "api.db");
const wanted = Number(args.applicants);
const runs = Number(args.runs);
const budget = Number(args.budget);

let server;
let api;
try {
  const seedStarted = performance.now();
  const db = openDatabase(databasePath);
  migrate(db);
  await seedDatabase(db, { demoMode: true, appBaseUrl: () => "http://localhost" });
  const present = db.prepare("SELECT COUNT(*) AS n FROM users WHERE user_base = 'demo' AND role = 'applicant'").get().n;
  db.transaction(() =>
    insertBulkApplicants(db, { count: Math.max(0, wanted - present), now: new Date(), recruiters: false, seed: 4711 }),
  )();
  db.pragma("wal_checkpoint(TRUNCATE)");
  const applicants = db.prepare("SELECT COUNT(*) AS n FROM users WHERE user_base = 'demo' AND role = 'applicant'").get().n;
  db.close();
  console.log(`seeded ${applicants} applicants of customer demo in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  api = await createEmbeddedApi({
    databasePath,
    tokenTtlS: 3600,
    tokenAbsoluteTtlS: 43_200,
    appBaseUrl: () => "http://localhost",
    bodyLimitBytes: 1024 * 1024,
    logger: pino({ level: "silent" }),
    demoMode: true,
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

  const year = new Date().getUTCFullYear();
  const kinds = [
    ["customer demo, every profile", ""],
    ["test P100", "profile=P100"],
    ["test P200", "profile=P200"],
    ["customer, registered in a date range", `registeredFrom=${year - 1}-06-01&registeredTo=${year}-12-31`],
    ["test P100, registered in a date range", `profile=P100&registeredFrom=${year - 1}-06-01&registeredTo=${year}-12-31`],
  ];

  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)];
  };
  const p95 = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
  };

  console.log(`GET /api/demo/recruiter/stats?… · ${runs} runs each · budget: median server time ≤ ${budget} ms`);
  // Timings on a shared machine depend on what else runs: the load says how much.
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" / ")}\n`,
  );
  console.log(
    `${"filter".padEnd(48)} ${"assignments".padStart(11)}  ${"server p50".padStart(10)}  ${"server p95".padStart(10)}  ${"round trip p50".padStart(14)}  parts p50 (ms)`,
  );
  let over = 0;
  for (const [label, query] of kinds) {
    const url = `${baseUrl}/demo/recruiter/stats${query ? `?${query}` : ""}`;
    const server = [];
    const roundTrip = [];
    const parts = {};
    let total = 0;
    for (let run = 0; run <= runs; run++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = await response.json();
      const elapsed = performance.now() - started;
      if (!response.ok) throw new Error(`${label}: ${response.status} ${JSON.stringify(body)}`);
      total = body.total;
      if (run === 0) continue; // warm-up: statement compilation
      roundTrip.push(elapsed);
      const timing = response.headers.get("server-timing") ?? "";
      server.push(Number(/dur=([\d.]+)/.exec(timing)?.[1] ?? NaN));
      for (const [, name, ms] of timing.matchAll(/stats-(\w+);dur=([\d.]+)/g)) (parts[name] ??= []).push(Number(ms));
    }
    const serverMedian = median(server);
    if (!(serverMedian <= budget)) over++;
    console.log(
      `${label.padEnd(48)} ${String(total).padStart(11)}  ${`${serverMedian.toFixed(1)} ms`.padStart(10)}  ${`${p95(server).toFixed(1)} ms`.padStart(10)}  ${`${median(roundTrip).toFixed(1)} ms`.padStart(14)}  ${Object.entries(
        parts,
      )
        .map(([name, values]) => `${name} ${median(values).toFixed(1)}`)
        .join(", ")}`,
    );
  }
  if (over > 0) {
    console.log(`\n${over} filter(s) over the budget`);
    process.exitCode = 1;
  }
} finally {
  if (server) await new Promise((resolve) => server.close(resolve));
  await api?.close();
  if (args.keep) console.log(`database kept: ${databasePath}`);
  else rmSync(dir, { recursive: true, force: true });
}
