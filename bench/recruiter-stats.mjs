// `npm run bench:recruiter-stats`: the recruiter's progress and summary figures
// (docs/decisions/155). Seeds a temporary embedded-API database in demo mode plus generated applicants
// (api/demo/bulk.ts, deterministic; 10,000 by default, the demo itself has 300), signs rita in and asks
// GET /api/demo/recruiter/stats --runs times per filter (default 30), after one warm-up. Prints per
// filter the median and p95 of the server time (the Server-Timing header: the SQL, without HTTP) and
// the median round trip. Fails (exit code 1) when a median server time is above the budget of 200 ms.
// Options: --applicants <n> (10000), --runs <n> (30), --budget <ms> (200), --keep (keep the database).
import { parseArgs } from "node:util";
import { machineLine, startSeededRecruiterApi, timeQuery } from "./lib/recruiter-api.mjs";
import { median, p95 } from "./lib/stats.mjs";

const { values: args } = parseArgs({
  options: {
    applicants: { type: "string", default: "10000" },
    runs: { type: "string", default: "30" },
    budget: { type: "string", default: "200" },
    /** Keep the database (its path is printed) to look at query plans. */
    keep: { type: "boolean", default: false },
  },
});
const runs = Number(args.runs);
const budget = Number(args.budget);

const { baseUrl, token, close } = await startSeededRecruiterApi({ applicants: Number(args.applicants), name: "recruiter-stats" });
try {
  const year = new Date().getUTCFullYear();
  const kinds = [
    ["customer demo, every profile", ""],
    ["test P100", "profile=P100"],
    ["test P200", "profile=P200"],
    ["customer, registered in a date range", `registeredFrom=${year - 1}-06-01&registeredTo=${year}-12-31`],
    ["test P100, registered in a date range", `profile=P100&registeredFrom=${year - 1}-06-01&registeredTo=${year}-12-31`],
  ];

  console.log(`GET /api/demo/recruiter/stats?… · ${runs} runs each · budget: median server time ≤ ${budget} ms`);
  console.log(machineLine());
  console.log(
    `${"filter".padEnd(48)} ${"assignments".padStart(11)}  ${"server p50".padStart(10)}  ${"server p95".padStart(10)}  ${"round trip p50".padStart(14)}  parts p50 (ms)`,
  );
  let over = 0;
  for (const [label, query] of kinds) {
    const url = `${baseUrl}/demo/recruiter/stats${query ? `?${query}` : ""}`;
    const { total, server, roundTrip, timings } = await timeQuery(url, token, runs, label);
    const parts = {};
    for (const timing of timings)
      for (const [, name, ms] of timing.matchAll(/stats-(\w+);dur=([\d.]+)/g)) (parts[name] ??= []).push(Number(ms));
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
  await close({ keep: args.keep });
}
