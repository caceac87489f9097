// Lab: how long each of the benchmark's targets takes to warm up. Each target gets fresh servers (bare Remix, the bare
// Remix page making the page's upstream calls, the product's page) and steady load from the start, and its server's
// CPU per request is printed slice by slice: the benchmark's first window of a target comes after its warm-up (5,000
// requests by default since decision 207, 5 s before it) and 3 s of re-warm, and a server that is still compiling its
// code then counts that work against the page. The targets run one after the other, then once more in the reverse
// order, so that a drift of the machine shows as a difference between the two passes. No budget: figures for
// docs/performance.md («How long a page takes to warm up»).
// Usage: npm run build && node bench/lab/warmup.mjs [--page /demo/home] [--upstream separate|embedded] [--seconds 120]
//        [--slice 5] (s)
import { option } from "../lib/args.mjs";
import { buildBaseline, callingPage, callsRowHeaders, startBaseline } from "../lib/baseline.mjs";
import { load, startLabServer } from "../lib/lab-server.mjs";
import { cpuMs, pinSelf } from "../lib/server.mjs";
import { PAGES } from "../pages.mjs";

const page = callingPage(PAGES, option("page", "/demo/home"));
const upstream = option("upstream", "separate");
if (upstream !== "separate" && upstream !== "embedded") throw new Error(`--upstream must be separate or embedded, not ${upstream}`);
const seconds = Number(option("seconds", "120"));
const slice = Number(option("slice", "5"));
const CONNECTIONS = 10;

/**
 * One target from fresh servers: the product (and with --upstream separate its API) always, since bare Remix's calls
 * row needs the API; bare Remix's server only for the two bare targets. The measured server's CPU per request, slice
 * by slice (with the embedded API the calls row's CPU includes the product's work for it, as in the benchmark).
 */
async function curve(kind) {
  const lab = await startLabServer({ upstream, user: page.session.template });
  let bare;
  try {
    let url = lab.server.baseUrl + page.path;
    let headers = lab.headers;
    let pids = [lab.server.pid];
    if (kind !== "page") {
      bare = await startBaseline({ core: 0, upstreamUrl: `${lab.apiBaseUrl}/api` });
      url = kind === "bare" ? `${bare.baseUrl}/` : `${bare.baseUrl}/calls`;
      headers = kind === "bare" ? { "accept-encoding": "gzip" } : await callsRowHeaders(lab.apiBaseUrl, page);
      pids = kind === "calls" && upstream === "embedded" ? [bare.pid, lab.server.pid] : [bare.pid];
    }
    const cpuOf = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const slices = [];
    for (let elapsed = 0; elapsed < seconds; elapsed += slice) {
      const before = cpuOf();
      const result = await load(url, headers, { duration: slice }, CONNECTIONS);
      slices.push({ rps: result["2xx"] / result.duration, cpuMs: (cpuOf() - before) / result["2xx"] });
    }
    return slices;
  } finally {
    await bare?.stop();
    await lab.stop();
  }
}

pinSelf(1);
buildBaseline();
const names = { bare: "bare Remix", calls: "calls row", page: page.name };
const order = ["bare", "calls", "page"];
const passes = [];
for (const kind of [...order, ...[...order].reverse()]) {
  process.stderr.write(`${names[kind]} from a fresh start\n`);
  passes.push({ kind, slices: await curve(kind) });
}

console.log(
  `${page.name}, ${upstream} upstream: each target from fresh servers under ${CONNECTIONS} connections for ${seconds} s, CPU ms per request by ${slice} s slice (req/s in brackets), node ${process.version}`,
);
const pad = (value, width) => String(value).padEnd(width);
console.log(pad("from s", 8), ...passes.map(({ kind }, index) => pad(`${names[kind]} (${index < order.length ? 1 : 2})`, 22)));
for (let index = 0; index < passes[0].slices.length; index++) {
  console.log(
    pad(index * slice, 8),
    ...passes.map(({ slices }) => pad(`${slices[index].cpuMs.toFixed(2)} (${slices[index].rps.toFixed(0)})`, 22)),
  );
}
