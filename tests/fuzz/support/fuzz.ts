import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { ROOT } from "../../support/server";

/**
 * How every fuzz target runs (docs/decisions/102): a fixed seed per target, derived from one base
 * seed (FUZZ_SEED, printed) and the target's name, so a failure reproduces with the same command;
 * FUZZ_RUNS runs per target (1,000 in every CI run; more for a campaign). Each target prints one line of figures and appends
 * it to test-results/fuzz-figures.jsonl.
 */
export const FUZZ_SEED = integerFromEnv("FUZZ_SEED", 20_261_125);
export const FUZZ_RUNS = integerFromEnv("FUZZ_RUNS", 1000);
/** Runs of the embedded API's body fuzzing per POST route (tests/fuzz/api.test.ts). */
export const FUZZ_API_RUNS = integerFromEnv("FUZZ_API_RUNS", 1000);
/** FUZZ_TARGET=login,profile runs only these targets (to reproduce one failure quickly). */
export const FUZZ_TARGETS = (process.env.FUZZ_TARGET ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean);
export const selected = (target: string) => FUZZ_TARGETS.length === 0 || FUZZ_TARGETS.includes(target);
export const FIGURES_FILE = path.join(ROOT, "test-results", "fuzz-figures.jsonl");

function integerFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got ${JSON.stringify(raw)}`);
  return value;
}

/** FNV-1a of the target name mixed into the base seed: each target has its own reproducible stream. */
export function seedOf(target: string, base = FUZZ_SEED): number {
  let hash = 0x811c9dc5 ^ (base | 0);
  for (const char of target) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export interface Figures {
  suite: string;
  target: string;
  runs: number;
  seed: number;
  baseSeed: number;
  ms: number;
  /** CPU time of the whole test process while the target ran (the in-process app's included). */
  cpuMs: number;
  failures: number;
  /** Extra counts a target keeps (e.g. how many runs reached the upstream). */
  counts?: Record<string, number>;
  counterexample?: string;
  at: string;
}

export function recordFigures(figures: Omit<Figures, "at" | "baseSeed">): void {
  const line: Figures = { ...figures, baseSeed: FUZZ_SEED, at: new Date().toISOString() };
  const counts = figures.counts ? ` ${JSON.stringify(figures.counts)}` : "";
  console.log(
    `fuzz ${figures.suite}/${figures.target}: ${figures.runs} runs, seed ${figures.seed} (FUZZ_SEED=${FUZZ_SEED}), ` +
      `${Math.round(figures.ms)} ms (${Math.round(figures.cpuMs)} ms CPU), ${figures.failures} failure(s)${counts}`,
  );
  mkdirSync(path.dirname(FIGURES_FILE), { recursive: true });
  appendFileSync(FIGURES_FILE, JSON.stringify(line) + "\n");
}

/** Counts what the runs of one target did (statuses, paths taken), printed with the figures. */
export class Tally {
  readonly counts: Record<string, number> = {};
  add(key: string): void {
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }
}

/**
 * Runs one property FUZZ_RUNS times with the target's seed; records the figures whether it passes
 * or not, and fails the test with fast-check's report (seed, path, shrunk counterexample).
 */
export async function fuzz<T>(
  suite: string,
  target: string,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T, tally: Tally) => Promise<void>,
  options: { runs?: number } = {},
): Promise<Tally> {
  const seed = seedOf(`${suite}/${target}`);
  const runs = options.runs ?? FUZZ_RUNS;
  const tally = new Tally();
  const started = performance.now();
  const cpu = process.cpuUsage();
  // Shrinking may end on another failure than the first one found: both are reported.
  let first: { value: T; error: unknown } | undefined;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      try {
        await check(value, tally);
      } catch (error) {
        first ??= { value, error };
        throw error;
      }
    }),
    { seed, numRuns: runs },
  );
  const failed = details.failed;
  recordFigures({
    suite,
    target,
    runs: details.numRuns,
    seed,
    ms: performance.now() - started,
    cpuMs: cpuMs(process.cpuUsage(cpu)),
    failures: failed ? 1 : 0,
    counts: tally.counts,
    counterexample: failed ? truncate(fc.stringify(details.counterexample), 2000) : undefined,
  });
  if (failed) {
    const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    const firstError = first?.error instanceof Error ? first.error.message : String(first?.error);
    throw new Error(
      `fuzz ${suite}/${target} failed after ${details.numRuns} run(s) (seed ${seed}, path "${details.counterexamplePath}", ` +
        `FUZZ_SEED=${FUZZ_SEED}):\n${truncate(error, 4000)}\ncounterexample: ${truncate(fc.stringify(details.counterexample), 4000)}` +
        (first && firstError !== error
          ? `\nfirst failure found: ${truncate(firstError, 3000)}\nwith: ${truncate(fc.stringify(first.value), 3000)}`
          : ""),
    );
  }
  return tally;
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}
