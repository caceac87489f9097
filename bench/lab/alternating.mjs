// Lab: a page's share of its calls row (decisions 199, 200) pooled over many turns, to see how far more turns steady
// it. Bare Remix, the bare Remix page making the page's upstream calls (bench/baseline's /calls) and the product's
// page run in turn, a slice each, on core 0, the order turned round each time; the load comes from here, on core 1,
// and so does the reference API with --upstream separate (as `bench/ssr-throughput.mjs --upstream separate`). Each
// target's slices are pooled: its answers, its server's CPU time and every answer's latency. With the embedded API
// the calls row's calls are answered in the product's process, and that CPU counts for the row. Bare Remix's own CPU
// per request says how fast the machine was (decision 203). The p99s are of every answer pooled, not the benchmark's
// median of its windows' p99s, so they are not judged against its line. The defaults are the benchmark's windows (10
// s after 3 s unmeasured); shorter slices found home's share lower, since a server that idled through the other
// slices starts each of its own cold. No budget: figures for docs/performance.md («Home's share by CPU, turn by
// turn»), beside the benchmark's rounds, which judge.
// Usage: npm run build && node bench/lab/alternating.mjs [--page /demo/home] [--upstream separate|embedded]
//        [--slices 8] [--slice 10] (s) [--rewarm 3] (s unmeasured right before each slice) [--warmup 5] (s per target first)
import { option } from "../lib/args.mjs";
import { buildBaseline, callingPage, callsRowHeaders, startBaseline } from "../lib/baseline.mjs";
import { load, startLabServer } from "../lib/lab-server.mjs";
import { cpuMs, pinSelf } from "../lib/server.mjs";
import { median } from "../lib/stats.mjs";
import { PAGES } from "../pages.mjs";

const page = callingPage(PAGES, option("page", "/demo/home"));
const upstream = option("upstream", "separate");
if (upstream !== "separate" && upstream !== "embedded") throw new Error(`--upstream must be separate or embedded, not ${upstream}`);
const slices = Number(option("slices", "8"));
const slice = Number(option("slice", "10"));
const warmup = Number(option("warmup", "5"));
// Each slice right after unmeasured seconds of its own, as the benchmark re-warms each window (decision 105): a
// server that idled through the other targets' slices answers its first requests late.
const rewarm = Number(option("rewarm", "3"));
const CONNECTIONS = 10;

/** The value at `share` of the sorted samples (nearest rank), as a p99 is read. */
const percentile = (samples, share) => [...samples].sort((a, b) => a - b)[Math.max(0, Math.ceil(samples.length * share) - 1)];

pinSelf(1);
buildBaseline();
const targets = {};
let lab;
let bare;
try {
  lab = await startLabServer({ upstream, user: page.session.template });
  const { server: product, apiBaseUrl } = lab;
  bare = await startBaseline({ core: 0, upstreamUrl: `${apiBaseUrl}/api` });
  targets["bare Remix"] = { url: `${bare.baseUrl}/`, headers: { "accept-encoding": "gzip" }, pids: [bare.pid] };
  targets["calls row"] = {
    url: `${bare.baseUrl}/calls`,
    headers: await callsRowHeaders(apiBaseUrl, page),
    pids: upstream === "embedded" ? [bare.pid, product.pid] : [bare.pid],
  };
  targets[page.name] = { url: product.baseUrl + page.path, headers: lab.headers, pids: [product.pid] };

  for (const { url, headers } of Object.values(targets)) await load(url, headers, { duration: warmup }, CONNECTIONS);
  for (const target of Object.values(targets)) Object.assign(target, { answers: 0, seconds: 0, cpu: 0, latencies: [], perSlice: [] });
  const cpuOf = (pids) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const names = Object.keys(targets);
  for (let index = 0; index < slices; index++) {
    for (const name of index % 2 ? [...names].reverse() : names) {
      const target = targets[name];
      if (rewarm > 0) await load(target.url, target.headers, { duration: rewarm }, CONNECTIONS);
      const cpuBefore = cpuOf(target.pids);
      const result = await load(target.url, target.headers, { duration: slice }, CONNECTIONS, (ms) => target.latencies.push(ms));
      const cpu = cpuOf(target.pids) - cpuBefore;
      const answers = result["2xx"];
      Object.assign(target, { answers: target.answers + answers, seconds: target.seconds + result.duration, cpu: target.cpu + cpu });
      target.perSlice.push(answers / result.duration);
    }
    process.stderr.write(`slice ${index + 1}/${slices}\n`);
  }
} finally {
  await bare?.stop();
  await lab?.stop();
}

const [, callsRow, measured] = Object.values(targets);
const figures = (target) => ({ rps: target.answers / target.seconds, cpuMs: target.cpu / target.answers });
console.log(
  `${page.name}, ${upstream} upstream: ${slices} turns × ${slice} s per target (each after ${rewarm} s unmeasured), ${CONNECTIONS} connections, node ${process.version}`,
);
for (const [name, target] of Object.entries(targets)) {
  const { rps, cpuMs: cpu } = figures(target);
  console.log(
    `${name.padEnd(28)} ${rps.toFixed(0).padStart(5)} req/s  ${cpu.toFixed(2)} CPU ms/req  p50 ${percentile(target.latencies, 0.5).toFixed(0)} ms` +
      `  p99 ${percentile(target.latencies, 0.99).toFixed(0)} ms  (${target.answers} answers)`,
  );
}
const share = (numerator, denominator) => `${((100 * numerator) / denominator).toFixed(1)} %`;
const row = figures(callsRow);
const own = figures(measured);
const slicesShares = measured.perSlice.map((rps, index) => rps / callsRow.perSlice[index]);
console.log(
  `\n${page.name} of its calls row: by req/s ${share(own.rps, row.rps)} (pooled), by CPU ${share(row.cpuMs, own.cpuMs)} (pooled);` +
    ` turn by turn by req/s: median ${share(median(slicesShares), 1)}, from ${share(Math.min(...slicesShares), 1)} to ${share(Math.max(...slicesShares), 1)}`,
);
