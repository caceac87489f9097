// bench/shutdown: graceful shutdown under load (decision 099). autocannon drives
// 20 connections against a real page of the built server; after a few seconds the server gets
// SIGTERM. Every request the clients had sent before the signal must get its answer (no reset, no
// lost request, no 5xx); the process must exit with code 0 within 5 s.
// Usage: npm run build && node bench/shutdown.mjs [--connections 20] [--warmup 3] [--path /demo/login]
import { measureShutdown } from "./lib/shutdown.mjs";

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const EXIT_BUDGET_MS = 5000;

const result = await measureShutdown({
  connections: Number(arg("connections", 20)),
  warmupMs: Number(arg("warmup", 3)) * 1000,
  path: arg("path", "/demo/login"),
  debug: process.env.BENCH_DEBUG ? console.log : undefined,
});
const { before, after } = result;
const ok =
  before.reset === 0 &&
  before.lost === 0 &&
  before.non2xx === 0 &&
  before.unanswered === 0 &&
  result.exitCode === 0 &&
  result.exitMs <= EXIT_BUDGET_MS;
const statuses = Object.entries(before.statuses)
  .map(([status, count]) => `${status}×${count}`)
  .join(", ");
console.log(
  `bench:shutdown: ${result.connections} connections on ${result.path}, SIGTERM after ${result.loadMs} ms of load (${result.rateBefore} req/s), node ${process.version}`,
);
console.log(`  requests sent before the signal   ${before.sent}`);
console.log(`  … answered                        ${before.completed} (${statuses || "none"})`);
console.log(`  … errors: reset / lost / non-2xx / unanswered   ${before.reset} / ${before.lost} / ${before.non2xx} / ${before.unanswered}`);
console.log(
  `  requests sent after the signal    ${after.sent} (answered ${after.completed}; refused connections ${after.connectionErrors}, expected)`,
);
console.log(`  exit code                         ${result.exitCode}${result.exitSignal ? ` (signal ${result.exitSignal})` : ""}`);
console.log(`  time from SIGTERM to exit         ${result.exitMs} ms (budget ${EXIT_BUDGET_MS} ms)`);
console.log(ok ? "PASS" : "FAIL");
process.exit(ok ? 0 : 1);
