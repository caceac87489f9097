// bench/ssr-throughput: SSR throughput of the applicant pages against a true bare Remix page
// (bench/baseline, a separate minimal Remix app built with our own packages; decision 105).
// Both servers run side by side pinned to core 0, autocannon (this process) to core 1 where the
// machine has two cores and taskset exists; the pages are interleaved over several rounds and the
// medians are compared. Budgets (DESIGN §7, issue 13): login ≥ 70 % and home ≥ 50 % of bare
// Remix's req/s, home p99 ≤ 100 ms at 10 connections, 0 errors and 0 non-2xx on every page.
// Usage: npm run build && node bench/ssr-throughput.mjs [--rounds 5] [--duration 5] [--connections 10]
//        [--pages login,home] (name prefixes; default every applicant page) [--json file]
//        [--build dir] (another build of the product than ./build, e.g. a copy of an earlier one)
//        [--env NAME=value,NAME=value] (the product's configuration, e.g. COMPRESSION_LEVEL=6)
//        [--before dir] (a copy of an earlier build, inside the repo: its pages run interleaved in the
//        same rounds as "… (before)" rows, for a before/after table under the same load)
import autocannon from "autocannon";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildBaseline, startBaseline } from "./lib/baseline.mjs";
import { canPin, pinSelf, startBuiltServer } from "./lib/server.mjs";
import { THROUGHPUT_PAGES } from "./pages.mjs";

const option = (name) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const rounds = Number(option("rounds") ?? 5);
const duration = Number(option("duration") ?? 5);
const connections = Number(option("connections") ?? 10);
const only = option("pages")?.split(",");
const jsonFile = option("json");
const buildDir = option("build") && path.resolve(option("build"));
const beforeDir = option("before") && path.resolve(option("before"));
// The sign-ins before the rounds hash at the test servers' cost (decision 092); pages never hash.
const productEnv = Object.fromEntries(
  (option("env") ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
);

const BARE = "bare Remix";
const BUDGETS = [
  { page: "login", label: "/demo/login ≥ 70 % of bare Remix", check: (row) => row.ratio >= 0.7 },
  { page: "home", label: "/demo/home ≥ 50 % of bare Remix", check: (row) => row.ratio >= 0.5 },
  { page: "home", label: "/demo/home p99 ≤ 100 ms", check: (row) => row.p99 <= 100 },
];

// Server CPU time per request (user + system, from /proc, Linux only): unlike req/s it hardly moves
// when other processes share the machine, so it is printed beside the wall-clock figures.
const CLOCK_TICK_MS = 10;
function cpuMs(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const fields = readFileSync(file, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

async function measure(target, seconds) {
  const cpuBefore = cpuMs(target.pid);
  const result = await run(target.url, target.headers, seconds);
  const cpuAfter = cpuMs(target.pid);
  // Every answer counted (requests.total of autocannon can be 0 in a short run that got answers).
  const answers = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  result.cpuMsPerRequest = cpuBefore === null || cpuAfter === null || !answers ? null : (cpuAfter - cpuBefore) / answers;
  result.answersPerSecond = answers / result.duration;
  return result;
}

function run(url, headers, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, duration: seconds, connections, headers: { Accept: "text/html", "Accept-Encoding": "gzip", ...headers } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

buildBaseline();
const pinned = canPin();
const product = await startBuiltServer({ API_SCRYPT_LOG2_N: "10", ...productEnv }, { core: 0, ...(buildDir ? { buildDir } : {}) });
let bare;
let before;
const targets = [];
try {
  bare = await startBaseline({ core: 0 });
  if (beforeDir) before = await startBuiltServer({ API_SCRYPT_LOG2_N: "10", ...productEnv }, { core: 0, buildDir: beforeDir });
  if (pinned && !pinSelf(1)) throw new Error("could not pin the load generator to core 1");
  targets.push({ name: BARE, url: `${bare.baseUrl}/`, headers: {}, pid: bare.pid });
  for (const page of THROUGHPUT_PAGES.filter((page) => !only || only.some((prefix) => page.name.startsWith(prefix)))) {
    const cookie = page.session ? await page.session(product.baseUrl) : undefined;
    targets.push({ name: page.name, url: product.baseUrl + page.path, headers: cookie ? { Cookie: cookie } : {}, pid: product.pid });
    if (before) {
      const beforeCookie = page.session ? await page.session(before.baseUrl) : undefined;
      targets.push({
        name: `${page.name} (before)`,
        url: before.baseUrl + page.path,
        headers: beforeCookie ? { Cookie: beforeCookie } : {},
        pid: before.pid,
      });
    }
  }
  // Warm-up (JIT, caches), not counted.
  for (const target of targets) await run(target.url, target.headers, 1);
  for (const target of targets) target.runs = [];
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) target.runs.push(await measure(target, duration));
    process.stderr.write(`round ${round}/${rounds} done\n`);
  }
} finally {
  await bare?.stop();
  await before?.stop();
  await product.stop();
}

const rows = targets.map(({ name, runs }) => ({
  name,
  rps: median(runs.map((result) => result.answersPerSecond)),
  p50: median(runs.map((result) => result.latency.p50)),
  p99: median(runs.map((result) => result.latency.p99)),
  worstP99: Math.max(...runs.map((result) => result.latency.p99)),
  errors: runs.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
  non2xx: runs.reduce((sum, result) => sum + result.non2xx, 0),
  cpuMs: runs.some((result) => result.cpuMsPerRequest === null) ? null : median(runs.map((result) => result.cpuMsPerRequest)),
}));
const bareRps = rows[0].rps;
for (const row of rows) {
  row.ratio = row.rps / bareRps;
  row.cpuRatio = row.cpuMs && rows[0].cpuMs ? rows[0].cpuMs / row.cpuMs : null;
}

const pad = (value, width) => String(value).padEnd(width);
console.log(
  `autocannon: ${rounds} rounds × ${duration} s per page, interleaved, ${connections} connections, node ${process.version}, ` +
    (pinned ? "servers on core 0, autocannon on core 1" : "not pinned (no taskset or one core)"),
);
console.log(
  pad("page", 36),
  pad("req/s", 8),
  pad("p50 ms", 8),
  pad("p99 ms", 8),
  pad("worst p99", 10),
  pad("errors", 7),
  pad("non-2xx", 8),
  pad("of bare", 8),
  pad("CPU ms/req", 11),
  "of bare by CPU",
);
for (const row of rows) {
  console.log(
    pad(row.name, 36),
    pad(row.rps.toFixed(0), 8),
    pad(row.p50, 8),
    pad(row.p99, 8),
    pad(row.worstP99, 10),
    pad(row.errors, 7),
    pad(row.non2xx, 8),
    pad(`${(row.ratio * 100).toFixed(0)} %`, 8),
    pad(row.cpuMs === null ? "-" : row.cpuMs.toFixed(2), 11),
    row.cpuRatio === null ? "-" : `${(row.cpuRatio * 100).toFixed(0)} %`,
  );
}

let failed = false;
const verdict = (ok, label) => {
  failed ||= !ok;
  console.log(`${ok ? "PASS" : "FAIL"}  ${label}`);
};
for (const budget of BUDGETS) {
  const row = rows.find((candidate) => candidate.name.startsWith(budget.page) && !candidate.name.endsWith("(before)"));
  if (row) verdict(row.rps > 0 && budget.check(row), `${budget.label} (${(row.ratio * 100).toFixed(0)} %, p99 ${row.p99} ms)`);
}
console.log(
  "(of bare by CPU: bare Remix's server CPU time per request over the page's; what the req/s ratio approaches on an otherwise idle core)",
);
const erring = rows.filter((row) => row.errors > 0 || row.non2xx > 0 || row.rps === 0);
verdict(
  erring.length === 0,
  `0 errors, 0 non-2xx, answers in every run${erring.length ? `: ${erring.map((row) => row.name).join(", ")}` : ""}`,
);
if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ rounds, duration, connections, pinned, rows }, null, 2));
if (failed) process.exitCode = 1;
