// `npm run bench:retention`: the retention job (decision 187) over 10,000 applicants. Seeds a temporary embedded-API
// database in demo mode plus generated applicants up to 10,000 (api/demo/bulk.ts, deterministic: registered up to a
// year ago, so with a six-month period about half are due), then, with API_RETENTION_MONTHS' six months:
// the recruiter's "erased in the next 30 days" (GET /demo/recruiter/retention, --runs times after one warm-up), one
// run of the job that erases what is due (POST /api/dev/jobs/run, the demo-mode endpoint), and a second run that
// finds nothing (the cost of every later interval). Prints the times and how many were erased.
// Options: --applicants <n> (10000), --runs <n> (10), --months <n> (6), --keep (keep the database).
import { parseArgs } from "node:util";
import { machineLine, startSeededRecruiterApi, timeQuery } from "./lib/recruiter-api.mjs";
import { median, p95 } from "./lib/stats.mjs";

const { values: args } = parseArgs({
  options: {
    applicants: { type: "string", default: "10000" },
    runs: { type: "string", default: "10" },
    months: { type: "string", default: "6" },
    keep: { type: "boolean", default: false },
  },
});
const runs = Number(args.runs);

const { baseUrl, token, applicants, close } = await startSeededRecruiterApi({
  applicants: Number(args.applicants),
  name: "retention",
  // The interval never comes during the bench: only the runs it asks for.
  jobs: { intervalMs: 24 * 60 * 60 * 1000, retentionMonths: Number(args.months) },
});

async function runRetention() {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/dev/jobs/run`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ job: "retention" }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`jobs/run: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, erased: body.erased.length };
}

try {
  console.log(`retention job over ${applicants} applicants of customer demo · period ${args.months} months`);
  console.log(machineLine());
  const url = `${baseUrl}/demo/recruiter/retention`;
  const view = await timeQuery(url, token, runs, "retention view");
  const round = (values) => `median ${median(values).toFixed(1)} ms, p95 ${p95(values).toFixed(1)} ms`;
  console.log(`"erased in the next 30 days" before the run: ${view.roundTrip.length} requests, ${round(view.roundTrip)} (round trip)`);
  const first = await runRetention();
  console.log(
    `first run: erased ${first.erased} of ${applicants} in ${(first.ms / 1000).toFixed(2)} s (${(first.ms / Math.max(1, first.erased)).toFixed(2)} ms per applicant)`,
  );
  const second = await runRetention();
  console.log(`second run: erased ${second.erased} in ${second.ms.toFixed(1)} ms (every later interval with nothing due)`);
  const after = await timeQuery(url, token, runs, "retention view");
  console.log(`"erased in the next 30 days" after the run: ${round(after.roundTrip)} (round trip)`);
} finally {
  await close({ keep: args.keep });
}
