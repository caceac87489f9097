// bench/ssr-throughput: SSR throughput of the applicant pages against a true bare Remix page
// (bench/baseline, a separate minimal Remix app built with our own packages; decision 105).
// Both servers run side by side pinned to core 0, autocannon (this process) to core 1 where the
// machine has two cores and taskset exists; the pages are interleaved over several rounds, each right
// after a window of bare Remix of its own (its pair), and a page's share is the median of its windows'
// shares. A page with upstream calls is also measured right after a window of bare Remix making the same calls
// against the same API (bench/baseline's /calls with the page's `upstreamCalls` of bench/pages.mjs), and judged
// against that (decisions 199, 200). Budgets (DESIGN §7 as amended by decisions 199 and 200) per upstream mode in
// bench/lib/budgets.mjs (a build is judged on the median of runs by bench/ssr-runs, decision 206); home p99
// ≤ 100 ms at 10 connections on the reference core (each window's p99 scaled by its pair's CPU per request, decision
// 203; the p99 as measured is reported beside it), 0 errors and 0 non-2xx on every page; each
// window's p99 and CPU per request below the table; a page with calls also by CPU per request against its calls row
// ("of calls by CPU", reported, not judged); with --before a before/after table.
// Usage: npm run build && node bench/ssr-throughput.mjs [--rounds 3] [--duration 20] [--connections 10]
//        [--pages login,home] (name prefixes; default every applicant page) [--json file]
//        [--warmup-requests 5000] (per target before the rounds; or [--warmup S] seconds) [--rewarm 3] (s per target
//        right before each measured window)
//        [--build dir] (another build of the product than ./build, e.g. a copy of an earlier one)
//        [--env NAME=value,NAME=value] (the product's configuration, e.g. COMPRESSION_LEVEL=6)
//        [--before dir] (a copy of an earlier build, inside the repo: its pages run interleaved in the
//        same rounds as "… (before)" rows, for a before/after table under the same load)
//        [--upstream embedded|separate] embedded (default): the reference API runs inside the product's
//        process as in the demo, so every signed-in page's CPU includes the API's own work; separate: the
//        API is a second server of the same build (DEMO_MODE=true, pinned to core 1 beside autocannon)
//        and the product calls it through UPSTREAM_API_URL without demo mode, as in production where
//        the upstream is another service: the measured server is only the product (decision 111)
//        [--node-args "--cpu-prof --cpu-prof-dir=.tmp/prof"] node options of the measured product
//        server(s); [--api-node-args "…"] the same for the separate API server(s); [--before-node-args "…"]
//        the "before" server's own (default: --node-args), for a before/after of a node option with --before
//        a copy of the same build
//        [--sentry] the product as the image runs it with Sentry on (docs/decisions/197): its build's
//        instrument.server.js imported, source maps on, SENTRY_DSN set to a closed local port (pages
//        that do not fail send nothing); add --env SENTRY_TRACES_SAMPLE_RATE=0.05 for tracing
import autocannon from "autocannon";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildBaseline, startBaseline } from "./lib/baseline.mjs";
import { BARE, budgetsFor, judge, measuredRows } from "./lib/budgets.mjs";
import { REFERENCE_BARE_CPU_MS, p99OnReferenceCore } from "./lib/reference-core.mjs";
import { ROOT, canPin, cpuMs, freePort, pinSelf, startBuiltServer } from "./lib/server.mjs";
import { upstreamTokenOfClone } from "./lib/session.mjs";
import { THROUGHPUT_PAGES } from "./pages.mjs";

const option = (name) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const rounds = Number(option("rounds") ?? 3);
// 20 s per page and round (about 21 minutes for every page with its pairs of bare Remix): 5 s windows
// measured how fast a server recovers from idling while the other pages ran, not sustained load: a
// server that idled starts its window cold, and the same page's share of bare Remix moved with the
// window's length and with the pages run before it (decision 105 has the runs).
const duration = Number(option("duration") ?? 20);
const connections = Number(option("connections") ?? 10);
// Each target's warm-up before the rounds, in requests (decision 207): from a fresh start home's CPU per request fell
// from 12–17 ms to its steady 5–7 ms over its first 3,000–3,500 requests (about 35 s), bare Remix's and the calls
// row's over 1,200–3,200 in 5–25 s (bench/lab/warmup.mjs). A warm-up of 5 s left the first round of a page with more
// code still compiling it: home's first window was its dearest in 12 of 20 runs. --warmup S warms S seconds instead.
const warmupRequests = Number(option("warmup-requests") ?? 5000);
const warmupSeconds = option("warmup") === undefined ? null : Number(option("warmup"));
// Every measured window starts on a warm server (decision 105's amendment of 2026-11-29): a server that idled while
// the others ran starts slower (V8 shrinks an idle heap and gives up unused compiled code), and the idle times are
// not equal: in a run of every page bare Remix idles through eight pages' windows and each page through one, so
// without this the order of the targets moved home's share of bare Remix from 45 % to 68 % in the same hour.
const rewarm = Number(option("rewarm") ?? 3);
const only = option("pages")?.split(",");
const jsonFile = option("json");
const buildDir = option("build") && path.resolve(option("build"));
const beforeDir = option("before") && path.resolve(option("before"));
const upstream = option("upstream") ?? "embedded";
if (upstream !== "embedded" && upstream !== "separate") throw new Error(`--upstream must be embedded or separate, not ${upstream}`);
const nodeArgs = (option("node-args") ?? "").split(" ").filter(Boolean);
const apiNodeArgs = (option("api-node-args") ?? "").split(" ").filter(Boolean);
const beforeNodeArgs = option("before-node-args")?.split(" ").filter(Boolean) ?? nodeArgs;
const sentry = process.argv.includes("--sentry");
/** The product's node options: with --sentry as the image's CMD, each build with its own instrument file. */
const productNodeArgs = (dir, args = nodeArgs) =>
  sentry ? ["--enable-source-maps", "--import", path.join(dir ?? path.join(ROOT, "build"), "instrument.server.js"), ...args] : args;
// The sign-ins before the rounds hash at the test servers' cost (decision 092); pages never hash.
const productEnv = Object.fromEntries(
  (option("env") ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
);

/** The row of the bare Remix page that makes a page's upstream calls (decision 199). */
const callsName = (pageName) => `bare Remix + calls of ${pageName}`;
// DESIGN §7's budgets per upstream mode and how a run judges them: bench/lib/budgets.mjs (shared with bench/ssr-runs,
// which judges a build on the median of runs, decision 206).
const BUDGETS = budgetsFor(upstream);

/** Resident memory of a process in MiB (Linux), to see a server grow over the rounds. */
function rssMiB(pid) {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return "?";
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(file, "utf8"))?.[1] ?? 0) / 1024);
}

async function measure(target, seconds) {
  const cpuBefore = cpuMs(target.pid);
  const apiCpuBefore = target.apiPid ? cpuMs(target.apiPid) : null;
  const result = await run(target, { duration: seconds });
  const cpuAfter = cpuMs(target.pid);
  const apiCpuAfter = target.apiPid ? cpuMs(target.apiPid) : null;
  // Every answer counted (requests.total of autocannon can be 0 in a short run that got answers).
  const answers = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  result.cpuMsPerRequest = cpuBefore === null || cpuAfter === null || !answers ? null : (cpuAfter - cpuBefore) / answers;
  result.apiCpuMsPerRequest = apiCpuBefore === null || apiCpuAfter === null || !answers ? null : (apiCpuAfter - apiCpuBefore) / answers;
  result.answersPerSecond = answers / result.duration;
  return result;
}

/**
 * One autocannon run; a target with `cookies` gives each connection its own (one signed-in user per connection). Such a
 * target has two sets of users, taken in turns from one run to the next: a run ends with requests still in the server
 * and the next run (a re-warm is followed at once by its window) starts right away. With the same users a straggler's
 * getSessionUrl could replace the engine key that the next run's first request of that user had just opened (R-API-04),
 * and its initPicat answered 401: the bare page making the frame module's calls answers that 502, the product opens
 * again. `limit`: `{ duration }` in seconds or `{ amount }` of requests.
 */
function run(target, limit) {
  const { url, headers, cookies } = target;
  const allHeaders = { Accept: "text/html", "Accept-Encoding": "gzip", ...headers };
  target.turn = ((target.turn ?? 1) + 1) % 2;
  const first = target.turn * connections;
  let connection = 0;
  const setupClient = cookies
    ? (client) => client.setHeaders({ ...allHeaders, Cookie: cookies[first + (connection++ % connections)] })
    : undefined;
  return new Promise((resolve, reject) => {
    autocannon({ url, ...limit, connections, headers: allHeaders, ...(setupClient ? { setupClient } : {}) }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * The product on core 0; with --upstream separate also its reference API: the same build started a
 * second time with DEMO_MODE=true on core 1, which the product (without demo mode, as server/env.ts
 * requires beside UPSTREAM_API_URL) calls like a remote upstream. APP_BASE_URL tells the API the
 * product's origin (the engine's return URLs are checked against it). `apiBaseUrl`: where /api/dev is.
 */
async function startProduct(dir, args) {
  const env = { API_SCRYPT_LOG2_N: "10", ...(sentry ? { SENTRY_DSN: "http://bench@127.0.0.1:9/1" } : {}), ...productEnv };
  const serverArgs = productNodeArgs(dir, args);
  const buildOption = dir ? { buildDir: dir } : {};
  if (upstream === "embedded") {
    const server = await startBuiltServer(env, { core: 0, nodeArgs: serverArgs, ...buildOption });
    return { ...server, apiBaseUrl: server.baseUrl };
  }
  const port = await freePort();
  const api = await startBuiltServer(
    { API_SCRYPT_LOG2_N: "10", APP_BASE_URL: `http://127.0.0.1:${port}` },
    { core: 1, nodeArgs: apiNodeArgs, ...buildOption },
  );
  try {
    const server = await startBuiltServer(
      { ...env, DEMO_MODE: undefined, UPSTREAM_API_URL: `${api.baseUrl}/api` },
      { core: 0, nodeArgs: serverArgs, port, ...buildOption },
    );
    return {
      ...server,
      apiBaseUrl: api.baseUrl,
      apiPid: api.pid,
      async stop() {
        await server.stop();
        await api.stop();
      },
    };
  } catch (error) {
    await api.stop();
    throw error;
  }
}

/**
 * The bare Remix page making a page's upstream calls as well (decisions 199, 200): copies of the page's demo user
 * signed in at the API the product calls (two sets of one per connection where the page has one per connection: see
 * run()), the page's calls as the plan.
 */
async function callsTarget(page) {
  const signIns = [];
  for (let index = 0; index < (page.perConnection ? 2 * connections : 1); index++) {
    signIns.push(await upstreamTokenOfClone(product.apiBaseUrl, page.session.template));
  }
  // Every copy of a template has the same profiles, so one plan serves every connection.
  const plan = page.upstreamCalls({
    profileId: signIns[0].profileId,
    returnOrigin: upstream === "separate" ? product.baseUrl : "",
  });
  const url = `${bare.baseUrl}/calls`;
  const headers = { "X-Baseline-Plan": JSON.stringify(plan) };
  const cookies = signIns.map(({ token }) => `token=${token}`);
  return page.perConnection ? { url, headers, cookies } : { url, headers: { ...headers, Cookie: cookies[0] } };
}

/** The Cookie header(s) of a page: one session, or two sets of one per connection where the page asks for it (see run()). */
async function sessionsFor(page, server) {
  if (!page.session) return { headers: {} };
  if (!page.perConnection) return { headers: { Cookie: await page.session(server.baseUrl, server.apiBaseUrl) } };
  const cookies = [];
  for (let index = 0; index < 2 * connections; index++) cookies.push(await page.session(server.baseUrl, server.apiBaseUrl));
  return { headers: {}, cookies };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

buildBaseline();
const pinned = canPin();
const product = await startProduct(buildDir);
let bare;
let before;
const targets = [];
try {
  bare = await startBaseline({ core: 0, upstreamUrl: `${product.apiBaseUrl}/api` });
  if (beforeDir) before = await startProduct(beforeDir, beforeNodeArgs);
  if (pinned && !pinSelf(1)) throw new Error("could not pin the load generator to core 1");
  targets.push({ name: BARE, url: `${bare.baseUrl}/`, headers: {}, pid: bare.pid });
  for (const page of THROUGHPUT_PAGES.filter((page) => !only || only.some((prefix) => page.name.startsWith(prefix)))) {
    if (page.upstreamCalls) {
      // With the embedded API the calls row's calls are answered in the product's process: its CPU there, read as
      // the row's `apiCpuMsPerRequest`, belongs to the row's work ("of calls by CPU").
      const embeddedApi = upstream === "embedded" ? { apiPid: product.pid } : {};
      targets.push({ name: callsName(page.name), calls: true, pid: bare.pid, ...embeddedApi, ...(await callsTarget(page)) });
    }
    targets.push({
      name: page.name,
      url: product.baseUrl + page.path,
      pid: product.pid,
      apiPid: product.apiPid,
      ...(await sessionsFor(page, product)),
    });
    if (before) {
      targets.push({
        name: `${page.name} (before)`,
        url: before.baseUrl + page.path,
        pid: before.pid,
        apiPid: before.apiPid,
        ...(await sessionsFor(page, before)),
      });
    }
  }
  // Warm-up (JIT, caches), not counted.
  for (const target of targets) await run(target, warmupSeconds === null ? { amount: warmupRequests } : { duration: warmupSeconds });
  for (const target of targets) target.runs = [];
  // Each page (with its "before") is measured right after a window of bare Remix of its own, its pair
  // (decision 105, amendment of 2026-11-29 evening): bare Remix then idles as long as each page does. A page with
  // upstream calls has the window of bare Remix making its calls in between, its second pair (decision 199).
  for (const target of targets.slice(1)) target.pairs = [];
  const groups = [];
  for (const target of targets.slice(1)) {
    if (target.name.endsWith(" (before)") || groups.at(-1)?.at(-1).calls) groups.at(-1).push(target);
    else groups.push([target]);
  }
  const measureAfterRewarm = async (target) => {
    if (rewarm > 0) await run(target, { duration: rewarm });
    return measure(target, duration);
  };
  for (let round = 1; round <= rounds; round++) {
    const bareRuns = [];
    for (const group of groups) {
      const pair = await measureAfterRewarm(targets[0]);
      bareRuns.push(pair);
      let callsPair = null;
      for (const target of group) {
        const result = await measureAfterRewarm(target);
        target.runs.push(result);
        target.pairs.push(pair);
        if (target.calls) callsPair = result;
        else if (callsPair) (target.callsPairs ??= []).push(callsPair);
      }
    }
    // Bare Remix's own row: the medians of all its windows.
    targets[0].runs.push(...bareRuns);
    const figures = targets
      .slice(1)
      .map(
        ({ name, runs, pairs }) => `${name} ${runs.at(-1).answersPerSecond.toFixed(0)} (bare ${pairs.at(-1).answersPerSecond.toFixed(0)})`,
      )
      .join(", ");
    process.stderr.write(`round ${round}/${rounds} done (req/s: ${figures}; product RSS ${rssMiB(product.pid)} MiB)\n`);
  }
} finally {
  await bare?.stop();
  await before?.stop();
  await product.stop();
}

/** A calls row window's CPU per request: with the embedded API, the API's work for it in the product's process too. */
const callsCpuMs = (result) =>
  upstream === "embedded"
    ? result.cpuMsPerRequest === null || result.apiCpuMsPerRequest === null
      ? null
      : result.cpuMsPerRequest + result.apiCpuMsPerRequest
    : result.cpuMsPerRequest;
const cpuShare = (baselineMs, pageMs) => (baselineMs === null || !pageMs ? null : baselineMs / pageMs);
/** The median of a CPU figure over some windows; null when one of them could not read it. */
const cpuMedian = (runs, key = "cpuMsPerRequest") =>
  runs.some((result) => result[key] === null) ? null : median(runs.map((result) => result[key]));
const rows = targets.map(({ name, runs, pairs, calls, callsPairs }) => ({
  name,
  calls: Boolean(calls),
  // Each window's share against the window of bare Remix making the page's calls right before it (decision 199).
  byRoundOfCalls: callsPairs ? runs.map((result, round) => result.answersPerSecond / callsPairs[round].answersPerSecond) : null,
  // The same pairs by server CPU per request: the calls row's over the page's, what the req/s share comes to when core
  // 0 is what holds both back. Reported, not judged: with a separate upstream the calls row's window can be held back
  // by core 1 (the API and autocannon) instead, and the page's req/s share then lies above its CPU share
  // (docs/performance.md, «Home's share by CPU, turn by turn»).
  byRoundOfCallsCpu: callsPairs ? runs.map((result, round) => cpuShare(callsCpuMs(callsPairs[round]), result.cpuMsPerRequest)) : null,
  // Each window's share against its pair, bare Remix's window right before it: the machine's speed changes from
  // minute to minute (bare Remix made 218–378 req/s in the three rounds of one run), and it moves the share with it.
  byRound: pairs ? runs.map((result, round) => result.answersPerSecond / pairs[round].answersPerSecond) : [],
  rps: median(runs.map((result) => result.answersPerSecond)),
  pairRps: pairs ? median(pairs.map((result) => result.answersPerSecond)) : null,
  pairCpuMs: pairs ? cpuMedian(pairs) : null,
  p50: median(runs.map((result) => result.latency.p50)),
  p99: median(runs.map((result) => result.latency.p99)),
  worstP99: Math.max(...runs.map((result) => result.latency.p99)),
  errors: runs.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
  non2xx: runs.reduce((sum, result) => sum + result.non2xx, 0),
  cpuMs: cpuMedian(runs),
  apiCpuMs: cpuMedian(runs, "apiCpuMsPerRequest"),
  // Each window's p99 and CPU per request: within one run a page's windows differ by up to half in CPU per request
  // with the machine, and home's p99 with them (docs/performance.md, «What varies between home's embedded runs»).
  windows: runs.map((result) => ({ p99: result.latency.p99, cpuMs: result.cpuMsPerRequest })),
  p99Reference: pairs
    ? p99OnReferenceCore(
        runs.map((result) => ({ p99: result.latency.p99 })),
        pairs.map((result) => ({ cpuMs: result.cpuMsPerRequest })),
        median,
      )
    : null,
}));
// A page's share: the median of its windows' shares, each against its own pair (decision 105, third amendment): the
// medians' ratio could take the page's window from one round and the bare Remix window from another, so a single
// slow window of bare Remix lifted a page from 48–49 % in two rounds to 73 %. Bare Remix's own row: 100 %.
for (const row of rows) {
  row.ratio = row.pairRps === null ? 1 : median(row.byRound);
  row.callsRatio = row.byRoundOfCalls ? median(row.byRoundOfCalls) : null;
  row.callsCpuRatio = row.byRoundOfCallsCpu?.every((share) => share !== null) ? median(row.byRoundOfCallsCpu) : null;
  row.judged = row.callsRatio ?? row.ratio;
  const bareCpu = row.pairRps === null ? row.cpuMs : row.pairCpuMs;
  row.cpuRatio = row.cpuMs && bareCpu ? bareCpu / row.cpuMs : null;
}

const pad = (value, width) => String(value).padEnd(width);
console.log(
  `autocannon: ${rounds} rounds × ${duration} s per page (each target warmed with ${warmupSeconds === null ? `${warmupRequests} requests` : `${warmupSeconds} s`} first; each window after ${rewarm} s unmeasured, each page right after a window of bare Remix, its pair), ${connections} connections, node ${process.version}, ` +
    (pinned ? "servers on core 0, autocannon on core 1" : "not pinned (no taskset or one core)"),
);
console.log(
  upstream === "embedded"
    ? "upstream: embedded (the reference API runs in the product's process: signed-in pages' CPU includes the API's work)"
    : `upstream: separate (the reference API is a process of its own${pinned ? " on core 1" : ""}; the measured server is only the product, as in production)`,
);
if (sentry) {
  const tracing = Number(productEnv.SENTRY_TRACES_SAMPLE_RATE ?? 0) > 0;
  console.log(
    `sentry: on, ${tracing ? `tracing ${productEnv.SENTRY_TRACES_SAMPLE_RATE}` : "errors only"} (instrument.server.js, source maps, a DSN that receives nothing)`,
  );
}
const NAME_WIDTH = Math.max(36, ...rows.map((row) => row.name.length + 1));
console.log(
  pad("page", NAME_WIDTH),
  pad("req/s", 8),
  pad("p50 ms", 8),
  pad("p99 ms", 8),
  pad("worst p99", 10),
  pad("errors", 7),
  pad("non-2xx", 8),
  pad("of bare", 8),
  pad("by round", 14),
  pad("of calls", 9),
  pad("by round", 14),
  pad("CPU ms/req", 11),
  pad("of bare by CPU", 15),
  pad("of calls by CPU", 16),
  upstream === "separate" ? "API CPU ms/req" : "",
);
for (const row of rows) {
  console.log(
    pad(row.name, NAME_WIDTH),
    pad(row.rps.toFixed(0), 8),
    pad(row.p50, 8),
    pad(row.p99, 8),
    pad(row.worstP99, 10),
    pad(row.errors, 7),
    pad(row.non2xx, 8),
    pad(`${(row.ratio * 100).toFixed(0)} %`, 8),
    pad(row.name === BARE ? "" : `${row.byRound.map((share) => (share * 100).toFixed(0)).join("/")} %`, 14),
    pad(row.callsRatio === null ? "" : `${(row.callsRatio * 100).toFixed(0)} %`, 9),
    pad(row.byRoundOfCalls ? `${row.byRoundOfCalls.map((share) => (share * 100).toFixed(0)).join("/")} %` : "", 14),
    pad(row.cpuMs === null ? "-" : row.cpuMs.toFixed(2), 11),
    pad(row.cpuRatio === null ? "-" : `${(row.cpuRatio * 100).toFixed(0)} %`, 15),
    pad(row.callsCpuRatio === null ? "" : `${(row.callsCpuRatio * 100).toFixed(0)} %`, 16),
    upstream === "separate" ? (row.apiCpuMs === null ? "-" : row.apiCpuMs.toFixed(2)) : "",
  );
}

console.log("\nwindows in the order measured (p99 ms / CPU ms per request; one per round, bare Remix one per pair)");
for (const row of rows) {
  const windows = row.windows.map(({ p99, cpuMs }) => pad(`${p99} / ${cpuMs === null ? "-" : cpuMs.toFixed(2)}`, 15));
  console.log(pad(row.name, NAME_WIDTH), ...windows);
}
console.log("");

let failed = false;
const verdict = (ok, label) => {
  failed ||= !ok;
  console.log(`${ok ? "PASS" : "FAIL"}  ${label}`);
};
const measured = measuredRows(rows);
for (const { ok, text } of judge(rows, upstream)) verdict(ok, text);
// The p99 as measured, against the same 100 ms: reported, not judged (decision 203), so that every run shows both.
for (const row of measured.filter((candidate) => BUDGETS.some((budget) => budget.check && candidate.name.startsWith(budget.page)))) {
  console.log(`INFO  ${row.name}: p99 as measured ${row.p99} ms against 100 ms, on this machine (reported, not judged; decision 203)`);
}
if (before) {
  // The before/after table: each page's share of bare Remix and CPU per request, from the same rounds.
  console.log(`\nbefore → after (${upstream} upstream; before: ${path.relative(process.cwd(), beforeDir)})`);
  console.log(pad("page", NAME_WIDTH), pad("judged share", 16), pad("CPU ms/req", 18), pad("p99 ms", 14));
  for (const row of measured) {
    const earlier = rows.find((candidate) => candidate.name === `${row.name} (before)`);
    if (!earlier) continue;
    console.log(
      pad(row.name, NAME_WIDTH),
      pad(`${(earlier.judged * 100).toFixed(0)} % → ${(row.judged * 100).toFixed(0)} %`, 16),
      pad(earlier.cpuMs === null || row.cpuMs === null ? "-" : `${earlier.cpuMs.toFixed(2)} → ${row.cpuMs.toFixed(2)}`, 18),
      pad(`${earlier.p99} → ${row.p99}`, 14),
    );
  }
}
console.log(
  "(of bare by CPU: its pairs' server CPU time per request over the page's; what the req/s ratio approaches on an otherwise idle core)",
);
console.log(
  "(of calls by CPU: the same by round against the window of bare Remix making the page's calls, the median; reported, not judged)",
);
console.log(
  "(bare Remix: the medians of every window; by round: each window's req/s over its pair's, the bare Remix window right before it; of bare: the median of those shares)",
);
console.log(
  `(on the reference core: each window's p99 × ${REFERENCE_BARE_CPU_MS} ms / its pair's bare Remix CPU ms per request, the median of those; decision 203)`,
);
console.log(
  "(of calls: the same against the window of bare Remix making the page's upstream calls right before it, the judged share of a page with calls; decisions 199, 200)",
);
const erring = rows.filter((row) => row.errors > 0 || row.non2xx > 0 || row.rps === 0);
verdict(
  erring.length === 0,
  `0 errors, 0 non-2xx, answers in every run${erring.length ? `: ${erring.map((row) => row.name).join(", ")}` : ""}`,
);
if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ upstream, rounds, duration, connections, pinned, rows }, null, 2));
if (failed) process.exitCode = 1;
