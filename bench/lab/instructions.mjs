// Lab: instructions per request of one page in two or more variants of the product (builds, or one build with
// different node options), counted by valgrind's callgrind. A count of instructions does not drift with the machine's
// speed as CPU time does here (a build's windows differ by up to half within one run of builds-ab), so it can resolve
// a change worth a few per cent of a page that no timed run resolves (decision 204; figures in docs/performance.md,
// «Instructions per request, counted (decision 204), 2026-12-01»). Instructions are not time (a cache miss costs more
// than an add): a budget is still judged by bench/ssr-throughput.mjs, never by a count.
// Each variant runs under valgrind (about a hundredth of its speed), signed in as its own copy of the demo user,
// against the reference API as a process of its own (separate mode, decision 111; the embedded mode's counts would
// include the API's own work). The measured requests go one at a time; counting is switched on only for them, after
// `--warmup` requests that let V8 compile the page's code.
// Usage: npm run build && node bench/lab/instructions.mjs [--page /demo/home] [--user anna] [--rounds 3]
//        [--requests 200] [--warmup 4000] [--keep]
//        NAME=BUILD_DIR[|NODE_OPTIONS] NAME=BUILD_DIR[|NODE_OPTIONS] …
//        e.g. before=.tmp/before/build after=build (a copy of an earlier build beside the current one), or
//        a=build b=build (one build twice: how far two servers of the same code differ), or
//        NAME=@calls: the bare Remix page making the page's upstream calls (bench/baseline's /calls, the row a page
//        is judged against, decisions 199 and 200), for a share of the two counts that does not move with the machine
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { option } from "../lib/args.mjs";
import { buildBaseline, callingPage, callsRowHeaders, startBaseline } from "../lib/baseline.mjs";
import { freePort, startBuiltServer } from "../lib/server.mjs";
import { signInAsClone } from "../lib/session.mjs";
import { median } from "../lib/stats.mjs";
import { PAGES } from "../pages.mjs";

const page = option("page", "/demo/home");
const user = option("user", "anna");
const rounds = Number(option("rounds", "3"));
const requests = Number(option("requests", "200"));
const warmup = Number(option("warmup", "4000"));
// Keeps valgrind's dumps (one file per thread and window) for callgrind_annotate; prints where they are.
const keep = process.argv.includes("--keep");
const VALUE_FLAGS = ["--page", "--user", "--rounds", "--requests", "--warmup"];
const specs = process.argv.slice(2).filter((argument, index, all) => argument.includes("=") && !VALUE_FLAGS.includes(all[index - 1]));
if (specs.length < 2) throw new Error("name at least two variants: NAME=BUILD_DIR[|NODE_OPTIONS] or NAME=@calls");

const run = promisify(execFile);
const outDir = mkdtempSync(path.join(tmpdir(), "instructions-"));

/** `count` requests one after the other; every answer must be a 200 (a 302 to the login would count a different page). */
async function get(url, headers, count) {
  for (let index = 0; index < count; index++) {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  }
}

/**
 * One callgrind_control command. Valgrind takes it when the process runs again, and an idle server sleeps in epoll
 * until a request comes: so a request to /healthz wakes it, another every 2 s until the command is answered. The
 * wake-up of a dump is counted with its window: a few thousand instructions beside millions per page, in every
 * variant alike.
 */
async function control(variant, flag) {
  // vgdb names its pipes after the USER and HOST of the environment: the server's are bench/lib/server.mjs's (no
  // USER, HOST the address it listens on), and the command has to knock at the same pipe.
  const env = { PATH: process.env.PATH, HOST: "127.0.0.1" };
  const answer = run("callgrind_control", [flag, String(variant.pid)], { timeout: 120_000, env });
  const wake = (async () => {
    for (let attempt = 0; attempt < 60; attempt++) {
      await get(variant.wakeUrl, {}, 1);
      const settled = await Promise.race([
        answer.then(
          () => true,
          () => true,
        ),
        new Promise((resolve) => setTimeout(resolve, 2000, false)),
      ]);
      if (settled) return;
    }
  })();
  await Promise.all([answer, wake]);
}

/**
 * The newest dump of `name`'s server, once valgrind has written it whole (poll, 60 s deadline): the main thread's
 * instructions (the thread that serves the requests) and all threads' (with V8's compiler and collector threads).
 * Valgrind writes one file per thread, NAME.PID.N-TT, with TT 01 for the main thread; NAME.PID stays empty.
 */
async function lastDump(name, seen) {
  const deadline = Date.now() + 60_000;
  let previous = "";
  for (;;) {
    const files = readdirSync(outDir).filter((file) => file.startsWith(`${name}.`) && /\.\d+\.\d+-\d+$/.test(file) && !seen.has(file));
    const totals = files.map((file) => /^totals: (\d+)/m.exec(readFileSync(path.join(outDir, file), "utf8")));
    const listing = files.sort().join(",");
    // Whole when every thread's file has its total and no file came since the last look.
    if (files.length && totals.every(Boolean) && listing === previous) {
      for (const file of files) seen.add(file);
      const main = files.findIndex((file) => file.endsWith("-01"));
      if (main < 0) throw new Error(`no main thread in the dump of ${name}: ${listing}`);
      return { main: Number(totals[main][1]), all: totals.reduce((sum, total) => sum + Number(total[1]), 0) };
    }
    previous = listing;
    if (Date.now() > deadline) throw new Error(`no whole dump of ${name} in 60 s: ${listing || "none"}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const servers = [];
try {
  const ports = await Promise.all(specs.map(() => freePort()));
  const api = await startBuiltServer({ API_SCRYPT_LOG2_N: "10", APP_BASE_URL: `http://127.0.0.1:${ports[0]}` });
  servers.push(api);
  const variants = [];
  for (const [index, spec] of specs.entries()) {
    const name = spec.slice(0, spec.indexOf("="));
    const [buildDir, nodeOptions = ""] = spec.slice(spec.indexOf("=") + 1).split("|");
    // At a hundredth of the speed, the customer's configuration (cached for 60 s) would be fetched again every hundred
    // requests or so instead of every ten thousand: cached for the whole run, as good as a real server's share of it.
    // The same for the upstream calls' time budgets: a call that takes a real server milliseconds takes seconds here.
    const common = {
      API_SCRYPT_LOG2_N: "10",
      CONFIG_CACHE_TTL_S: "86400",
      UPSTREAM_TIMEOUT_MS: "600000",
      UPSTREAM_CONNECT_TIMEOUT_MS: "60000",
    };
    const wrap = [
      "valgrind",
      "--tool=callgrind",
      "--instr-atstart=no",
      // V8 writes and rewrites machine code at run time.
      "--smc-check=all-non-file",
      "--separate-threads=yes",
      `--callgrind-out-file=${path.join(outDir, `${name}.%p`)}`,
    ];
    // V8's memory reducer takes a slow allocation rate for an idle process and collects and flushes compiled
    // code; at a hundredth of the speed every process looks idle to it, and a window's count rose by a fifth
    // from one round to the next. A server under real load never gets there.
    const nodeArgs = ["--no-memory-reducer", ...nodeOptions.split(" ").filter(Boolean)];
    let variant;
    if (buildDir === "@calls") {
      const calling = callingPage(PAGES, page);
      buildBaseline();
      const server = await startBaseline({ upstreamUrl: `${api.baseUrl}/api`, nodeArgs, wrap, upTimeoutMs: 600_000 });
      servers.push(server);
      variant = {
        url: `${server.baseUrl}/calls`,
        wakeUrl: `${server.baseUrl}/`,
        pid: server.pid,
        headers: await callsRowHeaders(api.baseUrl, calling),
      };
    } else {
      const env = { ...common, DEMO_MODE: undefined, UPSTREAM_API_URL: `${api.baseUrl}/api` };
      const server = await startBuiltServer(env, { port: ports[index], buildDir, nodeArgs, wrap, upTimeoutMs: 600_000 });
      servers.push(server);
      const cookie = await signInAsClone(server.baseUrl, user, "demo", api.baseUrl);
      variant = {
        url: server.baseUrl + page,
        wakeUrl: `${server.baseUrl}/healthz`,
        pid: server.pid,
        headers: { cookie, "accept-encoding": "gzip" },
      };
    }
    variants.push({ name, calls: buildDir === "@calls", ...variant, counts: [], allCounts: [] });
    console.log(`${name}: under valgrind as PID ${variant.pid}`);
  }
  // Every variant at once, two requests in flight each (counting is off): at a hundredth of the speed, V8 still
  // compiles the page's code after a thousand requests, and counts of one window against the next moved by 7 %.
  await Promise.all(variants.flatMap((variant) => [0, 1].map(() => get(variant.url, variant.headers, warmup / 2))));
  console.log(`${new Date().toISOString().slice(11, 19)} warmed up`);
  const seen = new Set();
  for (let round = 0; round < rounds; round++) {
    for (const variant of round % 2 ? [...variants].reverse() : variants) {
      // A server that idled through the others' windows (minutes here) starts its own with code to compile
      // again (decision 105's rewarm): a tenth of the warm-up first, counting still off.
      await get(variant.url, variant.headers, Math.round(warmup / 10));
      await control(variant, "--instr=on");
      // The first requests after switching on pay for valgrind's new translations of the code, not the page.
      await get(variant.url, variant.headers, 20);
      await control(variant, "--zero");
      await get(variant.url, variant.headers, requests);
      await control(variant, "--dump");
      await control(variant, "--instr=off");
      const { main, all } = await lastDump(variant.name, seen);
      variant.counts.push(main / requests);
      variant.allCounts.push(all / requests);
      console.log(
        `${new Date().toISOString().slice(11, 19)} round ${round + 1} ${variant.name.padEnd(12)} ${(main / requests / 1e6).toFixed(3)} M instructions per request in the main thread, ${(all / requests / 1e6).toFixed(3)} M in all`,
      );
    }
  }
  const base = median(variants[0].counts);
  console.log(`\n${page} as a copy of ${user}, separate API, ${requests} requests per window, M instructions per request:`);
  const figures = (counts) => {
    const spread = ((Math.max(...counts) - Math.min(...counts)) / median(counts)) * 100;
    return `median ${(median(counts) / 1e6).toFixed(3)} (${counts.map((count) => (count / 1e6).toFixed(3)).join(" / ")}; spread ${spread.toFixed(1)} %)`;
  };
  for (const { name, counts, allCounts } of variants) {
    console.log(
      `${name.padEnd(12)} main thread ${figures(counts)}, ${((median(counts) / base) * 100).toFixed(1)} % of ${variants[0].name}; all threads ${figures(allCounts)}`,
    );
  }
  // The timed benchmark's share of a page is its req/s over its calls row's; on one core that approaches the calls
  // row's CPU per request over the page's. The same ratio of instructions, for comparison (not a budget).
  const calls = variants.find((variant) => variant.calls);
  for (const variant of calls ? variants.filter((each) => !each.calls) : []) {
    const share = (median(calls.counts) / median(variant.counts)) * 100;
    console.log(`${variant.name.padEnd(12)} ${share.toFixed(1)} % of its calls row (${calls.name}) by the main thread's instructions`);
  }
} finally {
  for (const server of servers.reverse()) await server.stop();
  if (keep) console.log(`callgrind's dumps: ${outDir}`);
  else rmSync(outDir, { recursive: true, force: true });
}
