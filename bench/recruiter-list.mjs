// `npm run bench:recruiter-list`: the recruiter's applicant list (issue 11) over 10,000 applicants.
// Seeds a temporary embedded-API database in demo mode plus generated applicants up to 10,000
// (api/demo/bulk.ts, deterministic), signs rita in and asks each kind of list query --runs times
// (default 30), after one warm-up. Prints per query kind the median and p95 of the server time (the
// Server-Timing header of the list: SQL and rows, without HTTP) and the median round trip over
// loopback. Fails (exit code 1) when a median server time is above the budget of 100 ms.
// Options: --applicants <n> (10000), --runs <n> (30), --budget <ms> (100), --keep (keep the database).
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, cpus, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";

const { values: args } = parseArgs({
  options: {
    applicants: { type: "string", default: "10000" },
    runs: { type: "string", default: "30" },
    budget: { type: "string", default: "100" },
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

const dir = mkdtempSync(path.join(tmpdir(), "bench-recruiter-"));
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
  const lastPage = Math.ceil(applicants / 25);
  const kinds = [
    ["first page, by name", ""],
    ["last page, by name", `page=${lastPage}`],
    ["search (name, user name, e-mail)", "q=muller"],
    ["sort by registered, newest first", "sort=registered&order=desc"],
    ["sort by last activity", "sort=activity&order=desc"],
    ["sort by progress", "sort=progress"],
    ["profile P100, progress under 50 %", "profile=P100&progressMax=49&sort=progress"],
    ["booleans: activated, not anonymous, on-site", "activated=true&anonymous=false&onSite=true"],
    [
      "date ranges: registered and last activity",
      `registeredFrom=${year - 1}-06-01&registeredTo=${year}-12-31&activityFrom=${year - 1}-01-01`,
    ],
    ["open-until range", `openUntilFrom=${year - 1}-01-01&openUntilTo=${year + 1}-12-31`],
    ["number ranges: progress and modules finished", "progressMin=20&progressMax=80&finishedMin=1&finishedMax=5"],
    ["selects: status and owner", "status=new&owner=rita"],
    ["strings: name, user name, e-mail", "name=schmidt&userName=a&email=example"],
    [
      "everything combined",
      `q=a&profile=P100&status=screening&activated=true&progressMax=90&registeredFrom=${year - 1}-01-01&sort=activity&order=desc&page=2`,
    ],
  ];

  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)];
  };
  const p95 = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
  };

  console.log(`GET /api/demo/recruiter/applicants?… · ${runs} runs each · budget: median server time ≤ ${budget} ms`);
  // Timings on a shared machine depend on what else runs: the load says how much.
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" / ")}\n`,
  );
  console.log(
    `${"query kind".padEnd(48)} ${"rows".padStart(6)}  ${"server p50".padStart(10)}  ${"server p95".padStart(10)}  ${"round trip p50".padStart(14)}`,
  );
  let over = 0;
  for (const [label, query] of kinds) {
    const url = `${baseUrl}/demo/recruiter/applicants${query ? `?${query}` : ""}`;
    const server = [];
    const roundTrip = [];
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
      server.push(Number(/dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? NaN));
    }
    const serverMedian = median(server);
    if (!(serverMedian <= budget)) over++;
    console.log(
      `${label.padEnd(48)} ${String(total).padStart(6)}  ${`${serverMedian.toFixed(1)} ms`.padStart(10)}  ${`${p95(server).toFixed(1)} ms`.padStart(10)}  ${`${median(roundTrip).toFixed(1)} ms`.padStart(14)}`,
    );
  }
  if (over > 0) {
    console.log(`\n${over} query kind(s) over the budget`);
    process.exitCode = 1;
  }
} finally {
  if (server) await new Promise((resolve) => server.close(resolve));
  await api?.close();
  if (args.keep) console.log(`database kept: ${databasePath}`);
  else rmSync(dir, { recursive: true, force: true });
}
