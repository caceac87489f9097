// bench/ssr-runs: a build's verdict on DESIGN §7's throughput budgets from several runs of bench/ssr-throughput
// (decision 206). One run judges where the pages stood in that run's phase of the machine; home's share of its calls
// row moved from 53 % to 80 % between runs of one build on one day, across a line of 70 %. A build meets a budget when
// the median over at least three runs meets it: the lower median of the runs' shares, the upper median of home's p99
// on the reference core (for an odd number of runs, the middle run of each). Exit 1 on a miss.
// Usage: npm run build && node bench/ssr-runs.mjs [--runs 3] [--out .tmp/ssr-runs/NAME] [any option of
//        bench/ssr-throughput but --json, e.g. --upstream separate --pages home]: the runs one after the other, each
//        printing its own table and verdict, each writing its JSON to the --out directory; then the build's verdict.
//        node bench/ssr-runs.mjs --from run-1.json run-2.json run-3.json: the verdict on runs made before (their --json).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { BARE, judge, medianOfRuns } from "./lib/budgets.mjs";
import { ROOT } from "./lib/server.mjs";

const MIN_RUNS = 3;

/** A usage error: said in one line, exit 2 (exit 1 is a missed budget). */
function refuse(message) {
  console.error(`bench/ssr-runs: ${message}`);
  process.exit(2);
}
const args = process.argv.slice(2);
const fromIndex = args.indexOf("--from");

/** Takes `--name value` out of `args` and returns the value. */
function take(name, fallback) {
  const index = args.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const [, value] = args.splice(index, 2);
  return value;
}

let files;
if (fromIndex >= 0) {
  files = args.slice(fromIndex + 1);
} else {
  if (args.includes("--json")) refuse("--json is this script's own: it gives each run its file (see --out)");
  const runs = Number(take("runs", MIN_RUNS));
  if (!Number.isInteger(runs) || runs < MIN_RUNS) refuse(`--runs must be a whole number of at least ${MIN_RUNS}`);
  const out = path.resolve(take("out", path.join(ROOT, ".tmp", "ssr-runs", new Date().toISOString().replace(/[:.]/g, "-"))));
  mkdirSync(out, { recursive: true });
  files = [];
  for (let run = 1; run <= runs; run++) {
    const file = path.join(out, `run-${run}.json`);
    console.log(`\n═══ run ${run} of ${runs} (${new Date().toISOString().slice(11, 19)} UTC): ${file}`);
    // A run that misses a budget exits 1 and is counted as it stands; a run that wrote no figures (it failed before
    // its table, which also exits 1) is not a run, and the build is not judged.
    const result = spawnSync(process.execPath, [path.join(ROOT, "bench", "ssr-throughput.mjs"), ...args, "--json", file], {
      stdio: "inherit",
    });
    if (!existsSync(file)) refuse(`run ${run} wrote no figures (${result.signal ?? `exit ${result.status}`}); see its output above`);
    files.push(file);
  }
}
if (files.length < MIN_RUNS) refuse(`a build is judged on at least ${MIN_RUNS} runs (decision 206), not ${files.length}`);

const runs = files.map((file) => JSON.parse(readFileSync(file, "utf8")));
let build;
try {
  build = medianOfRuns(runs);
} catch (error) {
  refuse(error.message);
}
const pad = (value, width) => String(value).padEnd(width);
const percent = (share) => `${(share * 100).toFixed(0)}`;
const settings = [...new Set(runs.map((run) => `${run.rounds} × ${run.duration} s`))].join(", ");
console.log(`\nthe build on the median of ${runs.length} runs (decision 206): ${build.upstream} upstream, rounds × window ${settings}`);
const NAME_WIDTH = Math.max(24, ...build.rows.map((row) => row.name.length + 1));
console.log(
  pad("page", NAME_WIDTH),
  pad("judged share by run", 22),
  pad("median", 8),
  pad("p99 on the reference core by run", 34),
  "median",
);
for (const row of build.rows) {
  const references = row.byRun.map((run) => (run.p99Reference === null ? "-" : run.p99Reference.toFixed(1)));
  console.log(
    pad(row.name, NAME_WIDTH),
    pad(`${row.byRun.map((run) => percent(run.judged)).join(" / ")} %`, 22),
    pad(`${percent(row.judged)} %`, 8),
    pad(`${references.join(" / ")} ms`, 34),
    row.p99Reference === null ? "-" : `${row.p99Reference.toFixed(1)} ms`,
  );
}
console.log("");

let failed = false;
const verdict = (ok, text) => {
  failed ||= !ok;
  console.log(`${ok ? "PASS" : "FAIL"}  ${text}`);
};
// A page in fewer than MIN_RUNS of the runs (runs of different --pages) is shown, not judged.
const judgedRows = build.rows.filter((row) => row.byRun.length >= MIN_RUNS);
for (const { ok, text } of judge(judgedRows, build.upstream)) verdict(ok, text);
for (const row of build.rows.filter((candidate) => !judgedRows.includes(candidate))) {
  console.log(`INFO  ${row.name}: in ${row.byRun.length} of ${runs.length} runs, fewer than ${MIN_RUNS}: not judged`);
}
// A run with errors fails the build outright (decision 206): an error is not a matter of the machine's phase.
const erring = runs.flatMap((run, index) =>
  run.rows.filter((row) => row.errors > 0 || row.non2xx > 0 || row.rps === 0).map((row) => `${row.name} in run ${index + 1}`),
);
verdict(erring.length === 0, `0 errors, 0 non-2xx, answers in every run${erring.length ? `: ${erring.join(", ")}` : ""}`);
console.log(`(${BARE} and the calls rows as in each run; shares: the lower median of the runs, p99: the upper median)`);
if (failed) process.exitCode = 1;
