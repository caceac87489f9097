// `npm run test:fast`: the loop before every commit, in under two minutes and without a build. Unit and API
// contract tests, ESLint over the files changed since HEAD, and an incremental typecheck of the whole program, side by
// side. `npm test` stays the whole suite (scripts/test.mjs).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { elapsedSeconds, printBlock, runCaptured, runLive } from "./run-command.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
process.chdir(ROOT);

/** The file types the ESLint config lints (eslint.config.js). */
const LINTED = /\.(ts|tsx|js|mjs|cjs)$/;

/**
 * The flags of `npm run lint`, read from package.json so that the two cannot drift apart: the same cache (entries are
 * per file, so the full lint profits from this one's) and the same --max-warnings 0.
 */
function lintFlags() {
  const script = JSON.parse(readFileSync("package.json", "utf8")).scripts?.lint ?? "";
  const match = /^eslint \.((?: [^ &|;]+)*)$/.exec(script);
  if (!match) throw new Error(`package.json's lint script is no longer "eslint . <flags>": ${script}`);
  return match[1].trim().split(" ").filter(Boolean);
}

/** Changed, added and untracked (not ignored) files that ESLint covers; deleted files have nothing to lint. */
function changedFiles() {
  const git = (/** @type {string[]} */ args) => execFileSync("git", args, { encoding: "utf8" }).split("\n");
  const files = [...git(["diff", "--name-only", "--diff-filter=d", "HEAD"]), ...git(["ls-files", "--others", "--exclude-standard"])];
  return [...new Set(files)].filter((file) => LINTED.test(file) && existsSync(file));
}

async function main() {
  const started = performance.now();
  const files = changedFiles();
  // tsc's build info keeps what it checked; the next run re-checks only the changed files and those that depend on
  // them. A cache of its own, so the full `npm run typecheck` stays a clean check.
  const typecheck = runCaptured("typecheck", "npx", [
    "tsc",
    "--noEmit",
    "--incremental",
    "--tsBuildInfoFile",
    "node_modules/.cache/tsc/fast.tsbuildinfo",
  ]);
  // An explicitly named file that the config ignores is a warning, which --max-warnings 0 would fail on.
  const lint =
    files.length > 0
      ? runCaptured(`eslint (${files.length} changed files)`, "npx", ["eslint", ...lintFlags(), "--no-warn-ignored", ...files])
      : Promise.resolve({ name: "eslint (no changed files)", code: 0, seconds: 0, output: "" });
  // TEST_SKIP_BUILD: unit and API tests never start the built server, so the global setup must not build it
  // (tests/global-setup.ts).
  process.stdout.write(`── vitest tests/unit tests/api (typecheck and eslint run beside it) ──\n`);
  const vitest = await runLive("vitest tests/unit tests/api", "npx", ["vitest", "run", "tests/unit", "tests/api"], {
    TEST_SKIP_BUILD: "1",
  });
  // The captured blocks after vitest's own live output: printed into it, they would break its progress display.
  const results = [vitest, ...(await Promise.all([typecheck, lint]))];
  for (const result of results.slice(1)) printBlock(result);

  process.stdout.write("\n══ test:fast ══\n");
  for (const result of results) {
    const outcome = result.code === 0 ? "ok    " : "FAILED";
    process.stdout.write(`${result.name.padEnd(32)} ${outcome} ${result.seconds.toFixed(1).padStart(6)} s\n`);
  }
  process.stdout.write(`${"total".padEnd(39)} ${elapsedSeconds(started).toFixed(1).padStart(6)} s\n`);
  process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;
}

await main();
