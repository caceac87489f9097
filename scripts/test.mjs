// `npm test`: the whole suite. The checks and the build, then vitest, then Playwright, and at the end a
// summary of durations, counts and the slowest files (also written to test-results/summary.json).
//
//   TEST_PHASES=vitest,playwright npm test    only these phases (checks, vitest, playwright); the tests need a build
//   node scripts/test.mjs --summary-only VITEST_JSON PLAYWRIGHT_JSON    only the summary of two existing reports
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { elapsedSeconds, printBlock, runCaptured, runLive } from "./run-command.mjs";
import { buildSummary, CHECKS_PHASE, formatSummary, readPlaywright, readReport, readVitest } from "./test-summary.mjs";

/**
 * A phase's report, read by `read`; a phase that wrote none (it crashed before its end) is said so, since its counts
 * are then missing from the summary.
 * @template T
 * @param {string} file
 * @param {(report: unknown, root: string) => T | null} read
 */
function reading(file, read) {
  const result = read(readReport(file), ROOT);
  if (result === null) process.stdout.write(`no report at ${file}: its counts are missing below\n`);
  return result;
}

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS = path.join(ROOT, "test-results");
const VITEST_JSON = path.join(RESULTS, "vitest.json");
const PLAYWRIGHT_JSON = path.join(RESULTS, "playwright.json");

/**
 * The npm scripts of the checks phase. The build first and alone (it uses both cores, and the tests need it); then
 * the typecheck, the lint, the format check and the requirement IDs side by side: each of them leaves part of the
 * second core idle, so together they took 118 s against 132 s one after the other on a quiet 2-core machine
 * (docs/decisions/167, docs/performance.md). Every check runs even after one failed, so one run names every failing
 * check; then the tests do not run.
 */
const FIRST_CHECK = "build";
const SIDE_BY_SIDE_CHECKS = ["typecheck", "lint", "format:check", "check:requirements"];
const PHASES = ["checks", "vitest", "playwright"];

/** Runs one check, printed as one block when it finishes (checks side by side do not interleave their output). */
async function runCheck(/** @type {string} */ name) {
  process.stdout.write(`started: npm run ${name}\n`);
  const result = await runCaptured(name, "npm", ["run", name]);
  printBlock(result);
  return result;
}

/**
 * Runs the build, then the other checks at once.
 * @returns {Promise<import("./run-command.mjs").CommandResult[]>}
 */
async function runChecks() {
  const first = await runCheck(FIRST_CHECK);
  const others = await Promise.all(SIDE_BY_SIDE_CHECKS.map(runCheck));
  return [first, ...others];
}

/** The phases to run: all of them, or those TEST_PHASES names. */
function selectedPhases() {
  const wanted = (process.env.TEST_PHASES ?? "")
    .split(",")
    .map((phase) => phase.trim())
    .filter(Boolean);
  const unknown = wanted.filter((phase) => !PHASES.includes(phase));
  if (unknown.length > 0) {
    process.stderr.write(`TEST_PHASES: unknown phase ${unknown.join(", ")} (known: ${PHASES.join(", ")})\n`);
    process.exit(2);
  }
  return wanted.length > 0 ? PHASES.filter((phase) => wanted.includes(phase)) : PHASES;
}

async function main() {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const phases = selectedPhases();
  /** @type {import("./test-summary.mjs").Timing[]} */
  const checks = [];
  /** @type {import("./test-summary.mjs").Timing[]} */
  const timings = [];
  let checksFailed = false;

  if (phases.includes("checks")) {
    const phaseStarted = performance.now();
    checks.push(...(await runChecks()));
    checksFailed = checks.some((check) => check.code !== 0);
    timings.push({ name: CHECKS_PHASE, code: checksFailed ? 1 : 0, seconds: elapsedSeconds(phaseStarted) });
    if (checksFailed) process.stdout.write("\nA check failed: the tests do not run.\n");
  }

  // A report left by an earlier run must not be read as this run's: each phase removes its own before it starts.
  mkdirSync(RESULTS, { recursive: true });
  if (!checksFailed && phases.includes("vitest")) {
    rmSync(VITEST_JSON, { force: true });
    process.stdout.write("\n── vitest ──\n");
    const args = ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_JSON}`];
    timings.push(await runLive("vitest", "npx", args));
  }
  // Playwright runs even when vitest failed: one run then reports every failure of the suite, not only the first
  // phase's.
  if (!checksFailed && phases.includes("playwright")) {
    rmSync(PLAYWRIGHT_JSON, { force: true });
    process.stdout.write("\n── playwright ──\n");
    // PLAYWRIGHT_JSON_OUTPUT_FILE rather than …_OUTPUT_NAME: the name is resolved against an output directory that
    // PLAYWRIGHT_JSON_OUTPUT_DIR may move, the file is taken as given (playwright/lib/runner resolveOutputFile).
    const env = { PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_JSON };
    timings.push(await runLive("playwright", "npx", ["playwright", "test", "--reporter=list,json"], env));
  }

  // Only the reports of phases that ran this time: the others' files are an earlier run's.
  const ran = (/** @type {string} */ phase) => timings.some((timing) => timing.name === phase);
  const summary = buildSummary({
    checks,
    phases: timings,
    totalSeconds: elapsedSeconds(started),
    vitest: ran("vitest") ? reading(VITEST_JSON, readVitest) : null,
    playwright: ran("playwright") ? reading(PLAYWRIGHT_JSON, readPlaywright) : null,
  });
  writeFileSync(path.join(RESULTS, "summary.json"), `${JSON.stringify({ startedAt, ...summary }, null, 2)}\n`);
  process.stdout.write(`${formatSummary(summary)}\n`);
  process.exitCode = summary.ok ? 0 : 1;
}

/** The summary of two reports written elsewhere (a CI artefact, a baseline run), without running anything. */
function summaryOnly(/** @type {string[]} */ [vitestFile, playwrightFile]) {
  if (!vitestFile || !playwrightFile) {
    process.stderr.write("usage: node scripts/test.mjs --summary-only VITEST_JSON PLAYWRIGHT_JSON\n");
    process.exit(2);
  }
  const summary = buildSummary({ vitest: reading(vitestFile, readVitest), playwright: reading(playwrightFile, readPlaywright) });
  process.stdout.write(`${formatSummary(summary)}\n`);
}

const args = process.argv.slice(2);
if (args[0] === "--summary-only") summaryOnly(args.slice(1));
else await main();
