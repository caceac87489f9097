// Home's p99 budget in the reference core's units (docs/decisions/203). At a fixed number of connections a page's
// latency grows with the time the core needs for its work, and machines of this kind differ up to 3× in speed, so a
// p99 in milliseconds is judged as it would have been on the reference core: each window's p99 scaled by how much
// dearer bare Remix was, per request, in its pair (the window of bare Remix right before it) than on that core.
import { median } from "./stats.mjs";

/**
 * Bare Remix's server CPU per request on the reference core: its median in the eleven runs of this benchmark, from
 * decision 199 to decision 202, whose bare Remix CPU and home's p99 docs/performance.md records run by run.
 */
export const REFERENCE_BARE_CPU_MS = 1.84;

/**
 * The p99 a page's windows would have had on the reference core: the median over its windows of each window's p99
 * times REFERENCE_BARE_CPU_MS over its pair's CPU per request. `windows` and `pairs` are aligned by round, each
 * `{ p99, cpuMs }` (`pairs` need only `cpuMs`). `medianOf` is the caller's median, so that the figure is taken as
 * the caller takes a page's p99 as measured (the lower median by default). Null when a pair's CPU could not be read
 * (no /proc), so that the caller can say so instead of judging a figure it does not have.
 */
export function p99OnReferenceCore(windows, pairs, medianOf = median) {
  if (windows.length === 0 || pairs.length !== windows.length) return null;
  if (pairs.some((pair) => !(pair.cpuMs > 0))) return null;
  return medianOf(windows.map((window, round) => (window.p99 * REFERENCE_BARE_CPU_MS) / pairs[round].cpuMs));
}
