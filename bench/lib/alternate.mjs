// Two or more variants measured in turns in the same rounds, for the lab's before/after figures: on this
// machine the speed drifts by more between runs than most variants differ (docs/performance.md).
import autocannon from "autocannon";
import { cpuMs } from "./server.mjs";
import { mean, median } from "./stats.mjs";

/** One autocannon window of `seconds` at 10 connections. */
const load = (url, headers, seconds) =>
  new Promise((resolve, reject) =>
    autocannon({ url, duration: seconds, connections: 10, headers }, (error, result) => (error ? reject(error) : resolve(result))),
  );

/**
 * `variants`: name → { url, headers, pid } (pid: the server whose CPU time is counted). Each variant is
 * warmed for `warmup` s first (a cold process is twice as dear per request for its first seconds, JIT),
 * then each round measures every variant for `duration` s after 2 s unmeasured, the order reversed every
 * other round. Prints each window (under `label(name)`, by default the names in a column); returns name → CPU ms
 * per request of each round (two decimals).
 */
export async function alternateWindows(variants, { rounds, duration, warmup, label }) {
  const width = Math.max(...Object.keys(variants).map((name) => name.length));
  label ??= (name) => name.padEnd(width);
  for (const { url, headers } of Object.values(variants)) await load(url, headers, warmup);
  const cpu = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const names = Object.keys(variants);
    for (const name of round % 2 ? names.reverse() : names) {
      const { url, headers, pid } = variants[name];
      await load(url, headers, 2);
      const before = cpuMs(pid);
      const result = await load(url, headers, duration);
      const perRequest = (cpuMs(pid) - before) / result.requests.total;
      cpu[name].push(perRequest.toFixed(2));
      const failures = result.errors + result.non2xx ? ` (${result.errors} errors, ${result.non2xx} non-2xx)` : "";
      console.log(
        `round ${round + 1} ${label(name)} ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${perRequest.toFixed(2)} CPU ms/request${failures}`,
      );
    }
  }
  return cpu;
}

/**
 * Prints each variant's CPU ms per request by round (as alternateWindows returns them), their median and mean;
 * returns name → mean.
 */
export function printRounds(cpu) {
  const width = Math.max(...Object.keys(cpu).map((name) => name.length));
  const means = {};
  for (const [name, values] of Object.entries(cpu)) {
    const numbers = values.map(Number);
    means[name] = mean(numbers);
    console.log(
      `${name.padEnd(width)}  CPU ms/request by round ${values.join(" ")}, median ${median(numbers)}, mean ${means[name].toFixed(2)}`,
    );
  }
  return means;
}
