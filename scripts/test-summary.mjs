// The end of `npm test` (scripts/test.mjs): counts and slowest files from the vitest and Playwright JSON reports,
// printed for people and kept as test-results/summary.json for comparing runs.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The phase of scripts/test.mjs that runs the checks and the build; the summary lists each check under it. */
export const CHECKS_PHASE = "checks+build";
/** How many of the slowest files the summary lists. */
export const SLOWEST_COUNT = 15;

/**
 * @typedef {{ passed: number, failed: number, skipped: number, flaky?: number }} Counts
 * @typedef {{ file: string, project?: string, seconds: number }} FileTime
 * @typedef {{ counts: Counts & { files: number, failedFiles: number }, files: FileTime[] }} VitestReading
 * @typedef {{ projects: Record<string, Counts & { flaky: number }>, files: FileTime[] }} PlaywrightReading
 * @typedef {{ name: string, code: number, seconds: number }} Timing
 */

/**
 * A JSON report, or null when the run wrote none (it crashed, or its phase did not run this time).
 * @param {string} file
 * @returns {unknown}
 */
export function readReport(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** @param {unknown} value */
const number = (value) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
/** @param {unknown} value @returns {any[]} */
const list = (value) => (Array.isArray(value) ? value : []);

/**
 * A test file's path as shown: relative to the checkout, or for a report from another checkout (a CI artefact, a
 * baseline run) from its tests/ folder on.
 * @param {string} root
 * @param {string} file absolute
 */
function shownPath(root, file) {
  const relative = path.relative(root, file);
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) return relative;
  const at = file.lastIndexOf(`${path.sep}tests${path.sep}`);
  return at === -1 ? file : file.slice(at + 1);
}

/**
 * vitest's json reporter (Jest's shape). A file's time runs from its first test's start to its last test's end, which
 * is what the reporter records: module loading and beforeAll before the first test are not in it.
 * @param {any} report
 * @param {string} root paths are shown relative to it
 * @returns {VitestReading | null}
 */
export function readVitest(report, root) {
  if (!report || typeof report !== "object") return null;
  const files = list(report.testResults).map((result) => ({
    file: shownPath(root, path.resolve(root, String(result?.name ?? "?"))),
    seconds: Math.max(0, number(result?.endTime) - number(result?.startTime)) / 1000,
    failed: result?.status === "failed",
  }));
  return {
    counts: {
      passed: number(report.numPassedTests),
      failed: number(report.numFailedTests),
      skipped: number(report.numPendingTests) + number(report.numTodoTests),
      files: files.length,
      // A file that fails to load fails no test, so the file count is the only trace of it besides the exit code.
      failedFiles: files.filter((file) => file.failed).length,
    },
    files: files.map(({ file, seconds }) => ({ file, seconds })),
  };
}

/** Playwright's outcome of a test (after retries) in the words of the summary. */
const PLAYWRIGHT_OUTCOMES = { expected: "passed", unexpected: "failed", skipped: "skipped", flaky: "flaky" };

/**
 * Playwright's json reporter: file suites with nested describe suites, each spec holding one test per project. A file's
 * time is the sum of its tests' result durations per project: worker time, since fullyParallel spreads one file's
 * tests over the workers.
 * @param {any} report
 * @param {string} root
 * @returns {PlaywrightReading | null}
 */
export function readPlaywright(report, root) {
  if (!report || typeof report !== "object") return null;
  const rootDir = typeof report.config?.rootDir === "string" ? report.config.rootDir : root;
  /** @type {Record<string, Counts & { flaky: number }>} */
  const projects = {};
  /** @type {Map<string, FileTime>} */
  const files = new Map();
  const visit = (/** @type {any} */ suite, /** @type {string} */ file) => {
    for (const spec of list(suite?.specs)) {
      for (const test of list(spec?.tests)) {
        const project = String(test?.projectName ?? "");
        projects[project] ??= { passed: 0, failed: 0, skipped: 0, flaky: 0 };
        const outcome = PLAYWRIGHT_OUTCOMES[/** @type {keyof typeof PLAYWRIGHT_OUTCOMES} */ (test?.status)] ?? "failed";
        projects[project][outcome] += 1;
        const key = `${file}\n${project}`;
        const entry = files.get(key) ?? { file, project, seconds: 0 };
        for (const result of list(test?.results)) entry.seconds += number(result?.duration) / 1000;
        files.set(key, entry);
      }
    }
    for (const child of list(suite?.suites)) visit(child, file);
  };
  for (const suite of list(report.suites)) {
    visit(suite, shownPath(root, path.resolve(rootDir, String(suite?.file ?? suite?.title ?? "?"))));
  }
  return { projects, files: [...files.values()] };
}

/**
 * Everything a run's summary says, as it goes to test-results/summary.json.
 * @param {{ checks?: Timing[], phases?: Timing[], totalSeconds?: number, vitest: VitestReading | null, playwright: PlaywrightReading | null }} run
 */
export function buildSummary({ checks = [], phases = [], totalSeconds = 0, vitest, playwright }) {
  const projectCounts = Object.values(playwright?.projects ?? {});
  const sum = (/** @type {(counts: Counts) => number} */ pick) =>
    (vitest ? pick(vitest.counts) : 0) + projectCounts.reduce((total, counts) => total + pick(counts), 0);
  const slowest = [...(vitest?.files ?? []), ...(playwright?.files ?? [])]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, SLOWEST_COUNT)
    .map((entry) => ({ ...entry, seconds: round(entry.seconds) }));
  const timing = (/** @type {Timing} */ step) => ({ name: step.name, ok: step.code === 0, code: step.code, seconds: round(step.seconds) });
  return {
    ok: [...checks, ...phases].every((step) => step.code === 0),
    totalSeconds: round(totalSeconds),
    checks: checks.map(timing),
    phases: phases.map(timing),
    vitest: vitest?.counts ?? null,
    playwright: playwright?.projects ?? null,
    // A flaky test passed in the end: it counts as passed here and is listed per project above.
    total: { passed: sum((c) => c.passed + (c.flaky ?? 0)), failed: sum((c) => c.failed), skipped: sum((c) => c.skipped) },
    slowest,
  };
}

/** @param {number} value */
const round = (value) => Math.round(value * 10) / 10;
/** @param {number} value */
const secondsText = (value) => `${value.toFixed(1).padStart(7)} s`;

/**
 * The summary as printed. Its last line is the plain total (`N passed, N failed[, N skipped]`) alone, for people and
 * for tools that read the tail of the log.
 * @param {ReturnType<typeof buildSummary>} summary
 */
export function formatSummary(summary) {
  const lines = ["", "══ Summary ══"];
  const step = (/** @type {{ name: string, ok: boolean, seconds: number }} */ entry, indent = "") =>
    `${(indent + entry.name).padEnd(24)} ${entry.ok ? "ok    " : "FAILED"} ${secondsText(entry.seconds)}`;
  for (const phase of summary.phases) {
    lines.push(step(phase));
    // The checks ran side by side inside their phase: their own durations add up to more than its wall time.
    if (phase.name === CHECKS_PHASE) lines.push(...summary.checks.map((check) => step(check, "  ")));
  }
  if (summary.phases.length > 0) lines.push(`${"total".padEnd(31)} ${secondsText(summary.totalSeconds)}`);
  if (summary.vitest) {
    const { passed, failed, skipped, files, failedFiles } = summary.vitest;
    lines.push(`vitest: ${passed} passed, ${failed} failed, ${skipped} skipped (${files} files, ${failedFiles} failed)`);
  }
  for (const [project, counts] of Object.entries(summary.playwright ?? {})) {
    const { passed, failed, skipped, flaky } = counts;
    lines.push(`playwright [${project}]: ${passed} passed, ${failed} failed, ${skipped} skipped, ${flaky} flaky`);
  }
  if (summary.slowest.length > 0) {
    lines.push(
      "",
      `${summary.slowest.length} slowest test files (vitest: first test start to last test end; ` +
        "Playwright: sum of its tests' durations per file and project):",
    );
    for (const entry of summary.slowest) {
      lines.push(`${secondsText(entry.seconds)}  ${entry.file}${entry.project === undefined ? "" : ` [${entry.project}]`}`);
    }
  }
  const { passed, failed, skipped } = summary.total;
  lines.push("", `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
  return lines.join("\n");
}
