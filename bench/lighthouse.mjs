// bench/lighthouse (decision 189): Lighthouse mobile, as a person on a phone meets the applicant pages.
// Real Lighthouse (the npm package, major 12) against Debian's Chromium (CHROMIUM_PATH, the benchmarks' flags),
// the default mobile configuration with its simulated throttling (150 ms RTT, 1.6 Mbit/s, CPU 4× slower), the
// performance category only. Every applicant page of bench/pages.mjs: login signed out, every other page
// signed in as a fresh clone of its demo user for each run (the session Cookie as an extra header; some pages
// change per-user state, e.g. the frame module's engine session). Per page the run with the median score:
// score, FCP, LCP, TBT, CLS and Speed Index; with --verbose also the audits that cost points (score < 0.9)
// and the LCP element. Budget: score ≥ 95 on every page, PASS/FAIL, exit 1 on a miss.
// Usage: npm run build && node bench/lighthouse.mjs [--runs N] [--pages login,home] [--build DIR] [--verbose]
// (median of N runs, default 3). The simulated metrics (FCP, LCP, SI) follow the network model and the
// page's requests; TBT follows the machine's CPU, so the load average is printed.
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium.mjs";
import { startBuiltServer } from "./lib/server.mjs";
import { PAGES } from "./pages.mjs";

const BUDGET = 95;
const LIGHTHOUSE_VERSION = createRequire(import.meta.url)("lighthouse/package.json").version;
const verbose = process.argv.includes("--verbose");
const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const RUNS = Math.max(1, Number(argument("--runs")) || 3);
const only = argument("--pages")?.split(",");
// --build DIR: another build of the product (e.g. a copy of main's build/), for before/after figures.
const BUILD_DIR = argument("--build") ? path.resolve(argument("--build")) : undefined;
const pages = only ? PAGES.filter((page) => only.some((prefix) => page.name.startsWith(prefix))) : PAGES;

const METRICS = [
  ["FCP", "first-contentful-paint"],
  ["LCP", "largest-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["CLS", "cumulative-layout-shift"],
  ["SI", "speed-index"],
];

class LighthouseRunError extends Error {}

/** One Lighthouse run of `url`: its score (0–100) and the figures it prints. */
async function audit(port, url, cookie) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRunError(`${url}: ${lhr.runtimeError.code}`);
  const audits = lhr.audits;
  const metrics = Object.fromEntries(METRICS.map(([label, id]) => [label, audits[id]]));
  // What cost points: audits of the category with a score below 0.9 (metrics and opportunities alike).
  const costly = lhr.categories.performance.auditRefs
    .map((ref) => audits[ref.id])
    .filter((item) => item && typeof item.score === "number" && item.score < 0.9)
    .map((item) => `${item.id} (${item.score.toFixed(2)}${item.displayValue ? `, ${item.displayValue}` : ""})`);
  const lcpItems = audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const lcpNode = lcpItems[0]?.items?.[0]?.node ?? lcpItems[0]?.node;
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    metrics,
    costly,
    lcpElement: lcpNode ? `${lcpNode.selector ?? ""} ${lcpNode.snippet ?? ""}`.trim() : "",
  };
}

/**
 * Lighthouse now and then fails to record the trace on a loaded machine (NO_NAVSTART, "please run Lighthouse
 * again"): such a run is repeated, twice at most, and said so.
 */
async function auditWithRetries(port, url, cookie, retries = 2) {
  try {
    return await audit(port, url, cookie);
  } catch (error) {
    if (retries === 0 || !(error instanceof LighthouseRunError)) throw error;
    console.log(`    (${error.message}: run again)`);
    return auditWithRetries(port, url, cookie, retries - 1);
  }
}

const median = (runs) => [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
const shown = (label, item) => {
  if (!item) return "–";
  if (label === "CLS") return item.numericValue.toFixed(3);
  return `${Math.round(item.numericValue)} ms`;
};

let server;
let chrome;
// Ctrl-C or a kill still ends Chromium and the server (nothing is left listening).
const stopAll = async () => {
  await chrome?.kill();
  await server?.stop();
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    stopAll().finally(() => process.exit(130));
  });
}

const rows = [];
const loadBefore = loadavg()[0];
try {
  server = await startBuiltServer({}, { buildDir: BUILD_DIR });
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    // The flags above are the whole set (chrome-launcher's defaults would add others).
    ignoreDefaultFlags: true,
    logLevel: "error",
  });
  for (const page of pages) {
    const url = new URL(page.path, server.baseUrl).href;
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const cookie = page.session ? await page.session(server.baseUrl) : undefined;
      runs.push(await auditWithRetries(chrome.port, url, cookie));
    }
    rows.push({ name: page.name, runs, chosen: median(runs) });
  }
} finally {
  await stopAll();
}

const pad = (value, width) => String(value).padEnd(width);
console.log(
  `Lighthouse ${LIGHTHOUSE_VERSION} mobile (simulated: 150 ms RTT, 1.6 Mbit/s, CPU 4×), performance; median of ${RUNS} runs by score;` +
    ` load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
);
console.log(pad("page", 28), pad("score", 7), ...METRICS.map(([label]) => pad(label, 9)), pad("all runs", 12), "verdict");
let failed = false;
for (const row of rows) {
  const { chosen } = row;
  const pass = chosen.score >= BUDGET;
  failed ||= !pass;
  console.log(
    pad(row.name, 28),
    pad(chosen.score, 7),
    ...METRICS.map(([label]) => pad(shown(label, chosen.metrics[label]), 9)),
    pad(row.runs.map((run) => run.score).join("/"), 12),
    pass ? "PASS" : `FAIL (score < ${BUDGET})`,
  );
  if (verbose) {
    console.log(`    LCP element: ${chosen.lcpElement || "–"}`);
    console.log(`    cost points: ${chosen.costly.length ? chosen.costly.join("; ") : "none"}`);
  }
}
if (failed) process.exitCode = 1;
