// Lab: where a page's CPU goes beyond its calls row's (decisions 199, 200), by part of the system and by package. The
// bare Remix page making the page's upstream calls (bench/baseline's /calls, the row the page is judged against) and
// the product's page run under V8's CPU profiler, each on core 0 in turns in the same rounds, the reference API as a
// process of its own on core 1 (as `bench/ssr-throughput.mjs --upstream separate`), autocannon here on core 1. Only
// the samples taken during the measured windows count; each part's self time is divided by the requests answered in
// them. The main thread only, as the profiler sees it: the wall time between samples outside idle, system calls
// included, and also when the core is taken from the thread (so its total can exceed the process's CPU time); the
// collector's helper threads are not in it. No budget: figures for docs/performance.md («Home's work beyond its
// calls row, by package, and every page at `49a1333`, 2026-12-01 (evening)»).
// Usage: npm run build && node bench/lab/calls-profile.mjs [--page /demo/home] [--rounds 2] [--duration 15] [--top 30]
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { option } from "../lib/args.mjs";
import { buildBaseline, callingPage, callsRowHeaders, startBaseline } from "../lib/baseline.mjs";
import { readProfile, selfTimes } from "../lib/cpu-profile.mjs";
import { load, startLabServer } from "../lib/lab-server.mjs";
import { cpuMs, pinSelf } from "../lib/server.mjs";
import { PAGES } from "../pages.mjs";

const pagePath = option("page", "/demo/home");
const rounds = Number(option("rounds", "2"));
const duration = Number(option("duration", "15"));
const top = Number(option("top", "30"));
const page = callingPage(PAGES, pagePath);

const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const outDir = mkdtempSync(path.join(os.tmpdir(), "calls-profile-"));
const profiled = (name) => ["--cpu-prof", `--cpu-prof-dir=${path.join(outDir, name)}`];

pinSelf(1);
buildBaseline();
const variants = {};
let lab;
let bare;
try {
  lab = await startLabServer({ upstream: "separate", user: page.session.template, nodeArgs: profiled("page") });
  bare = await startBaseline({ core: 0, upstreamUrl: `${lab.apiBaseUrl}/api`, nodeArgs: profiled("calls") });
  variants["calls row"] = { server: bare, url: `${bare.baseUrl}/calls`, headers: await callsRowHeaders(lab.apiBaseUrl, page) };
  variants[page.name] = { server: lab.server, url: lab.server.baseUrl + page.path, headers: lab.headers };

  // A cold process is twice as dear per request for its first seconds (JIT): warmed, and 2 s unmeasured per window.
  for (const { url, headers } of Object.values(variants)) await load(url, headers, { duration: 5 });
  for (const variant of Object.values(variants)) Object.assign(variant, { windows: [], requests: 0, cpu: 0 });
  for (let round = 0; round < rounds; round++) {
    const names = Object.keys(variants);
    for (const name of round % 2 ? names.reverse() : names) {
      const variant = variants[name];
      await load(variant.url, variant.headers, { duration: 2 });
      const cpuBefore = cpuMs(variant.server.pid);
      const startUs = nowUs();
      const result = await load(variant.url, variant.headers, { duration });
      variant.windows.push([startUs, nowUs()]);
      variant.requests += result.requests.total;
      const cpu = cpuMs(variant.server.pid) - cpuBefore;
      variant.cpu += cpu;
      console.log(
        `round ${round + 1} ${name}: ${result.requests.average.toFixed(0)} req/s, ${(cpu / result.requests.total).toFixed(2)} CPU ms/request`,
      );
    }
  }
} finally {
  // Stopping writes the profiles (SIGTERM; each server exits cleanly).
  await bare?.stop();
  await lab?.stop();
}

const summaries = {};
for (const [name, variant] of Object.entries(variants)) {
  const dir = path.join(outDir, name === "calls row" ? "calls" : "page");
  const files = readdirSync(dir).filter((file) => file.endsWith(".cpuprofile"));
  if (files.length !== 1) throw new Error(`expected one profile in ${dir}, found ${files.length}`);
  const inWindow = (us) => variant.windows.some(([start, end]) => us >= start && us <= end);
  const times = await selfTimes(readProfile(path.join(dir, files[0])), inWindow);
  const perRequest = (map) => new Map([...map].map(([key, ms]) => [key, ms / variant.requests]));
  summaries[name] = { busy: times.busyMs / variant.requests, parts: perRequest(times.parts), details: perRequest(times.details) };
  console.log(
    `${name}: ${variant.requests} requests measured, ${(variant.cpu / variant.requests).toFixed(2)} CPU ms/request (all threads),` +
      ` ${summaries[name].busy.toFixed(2)} ms/request busy in the main thread's profile`,
  );
}
rmSync(outDir, { recursive: true, force: true });

const [calls, measured] = [summaries["calls row"], summaries[page.name]];
const table = (title, key, limit) => {
  const names = new Set([...calls[key].keys(), ...measured[key].keys()]);
  const rows = [...names].map((each) => [each, measured[key].get(each) ?? 0, calls[key].get(each) ?? 0]);
  rows.sort((a, b) => Math.abs(b[1] - b[2]) - Math.abs(a[1] - a[2]));
  console.log(`\n${title} (ms per request: ${page.name} − calls row = beyond; sorted by the size of the difference)`);
  for (const [each, own, row] of rows.slice(0, limit)) {
    const beyond = own - row;
    console.log(`${(beyond >= 0 ? "+" : "") + beyond.toFixed(3)}  ${own.toFixed(3)} − ${row.toFixed(3)}  ${each}`);
  }
};
console.log(
  `\n${page.name}: ${measured.busy.toFixed(2)} ms, calls row ${calls.busy.toFixed(2)} ms per request in the main thread;` +
    ` beyond it ${(measured.busy - calls.busy).toFixed(2)} ms (${(100 * (calls.busy / measured.busy)).toFixed(0)} % by this profile)`,
);
table("by part", "parts", 10);
table("by package / file", "details", top);
