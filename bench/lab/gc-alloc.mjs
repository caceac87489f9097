// Lab: what one page allocates per request and what the garbage collector's pauses cost it. The built product
// (or bare Remix, --bare) on core 0, with the reference API as a process of its own on core 1 (--upstream
// separate, the default) or inside the product (embedded); autocannon here on core 1, 10 connections unless
// --connections says otherwise. After 5 s of warm-up it sends --requests requests, and for exactly those prints
// the server's CPU ms per request, the collector's pauses by kind (count, ms per request, mean and longest pause)
// and the bytes allocated per request by the functions that allocate most (V8's sampling heap profiler, freed
// objects included), with the product's own functions named by their source; with --survivors only what outlived
// the young generation (what the collector moved to the old one, where major collections must free it). No budget:
// figures for docs/performance.md («What home allocates, and what its collector costs, 2026-11-30 (afternoon)»,
// «Where home's slowest answers lose their time, 2026-11-30 (evening)»).
// Usage: npm run build && node bench/lab/gc-alloc.mjs [--page /demo/home] [--user anna] [--upstream separate|embedded]
//        [--requests 2000] [--connections 10] [--top 20] [--node-args "--max-semi-space-size=32"] [--bare]
//        [--survivors] [--build DIR] (another build of the product, e.g. an edited copy)
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { option } from "../lib/args.mjs";
import { fileWritten, labOptions, load, recordedRun, startLabServer } from "../lib/lab-server.mjs";
import { pinSelf, ROOT } from "../lib/server.mjs";

const { bare, page, user, upstream, requests, connections, nodeArgs, buildDir } = labOptions({ upstream: "separate", requests: 2000 });
const survivors = process.argv.includes("--survivors");
const top = Number(option("top", "20"));

const work = mkdtempSync(path.join(tmpdir(), "gc-alloc-"));
const out = path.join(work, "result.json");
const hookEnv = { GC_ALLOC_OUT: out, ...(survivors ? { GC_ALLOC_SURVIVORS: "1" } : {}) };
const serverArgs = [...nodeArgs, "--import", path.join(import.meta.dirname, "gc-alloc-hook.mjs")];
pinSelf(1);

let lab;
try {
  lab = await startLabServer({ bare, upstream, user, env: hookEnv, nodeArgs: serverArgs, buildDir });
  const { server, headers } = lab;
  const url = server.baseUrl + page;
  await load(url, headers, { duration: 5 }, connections);

  // The pauses and the CPU time of the first `requests`, the allocations of as many more (the sampler's own cost
  // would inflate the others).
  const { run, cpu } = await recordedRun(server, url, headers, requests, connections);
  await fileWritten(`${out}.sampling`, "started no sampling");
  const sampled = await load(url, headers, { amount: requests }, connections);
  process.kill(server.pid, "SIGUSR2");
  await fileWritten(out, "wrote no result");
  const { gc, profile, error } = JSON.parse(readFileSync(out, "utf8"));
  if (error) throw new Error(`heap sampling failed: ${error}`);
  const n = run.requests.total;

  console.log(
    `${bare ? "bare Remix" : `${page} as a copy of ${user}, ${upstream} upstream`}${nodeArgs.length ? `, node ${nodeArgs.join(" ")}` : ""}`,
  );
  console.log(
    `${n} requests, ${run.requests.average.toFixed(0)} req/s, p99 ${run.latency.p99} ms, server CPU ${(cpu / n).toFixed(2)} ms per request`,
  );
  for (const [kind, stats] of Object.entries(gc)) {
    console.log(
      `GC ${kind.padEnd(14)} ${String(stats.count).padStart(5)} pauses, ${(stats.ms / n).toFixed(3)} ms per request, mean ${(stats.ms / stats.count).toFixed(2)} ms, longest ${stats.maxMs.toFixed(1)} ms`,
    );
  }
  await printAllocations(profile, sampled.requests.total);
} finally {
  await lab?.stop();
  rmSync(work, { recursive: true, force: true });
}

/** Bytes per request: in all, by the functions that allocate most themselves, and by package. */
async function printAllocations(profile, n) {
  const { TraceMap, originalPositionFor } = await import("@jridgewell/trace-mapping");
  const maps = new Map();
  const where = ({ url, lineNumber, columnNumber }) => {
    const file = url.startsWith("file://") ? url.slice("file://".length) : url;
    const modules = file.lastIndexOf("/node_modules/");
    if (modules >= 0) {
      const rest = file.slice(modules + "/node_modules/".length).split("/");
      return { part: rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0], at: `${rest.join("/")}:${lineNumber + 1}` };
    }
    if (!file) return { part: "V8 built-ins", at: "" };
    if (file.startsWith("node:")) return { part: "Node internals", at: `${file}:${lineNumber + 1}` };
    if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, "utf8")) : null);
    const map = maps.get(file);
    const source = map && originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
    if (source?.source) {
      const relative = source.source.replace(/^(\.\.\/)+/, "");
      return {
        part: relative.includes("node_modules/") ? relative.split("node_modules/")[1].split("/")[0] : "ours",
        at: `${relative}:${source.line}`,
      };
    }
    return { part: "ours", at: `${path.relative(ROOT, file)}:${lineNumber + 1}` };
  };
  const byFunction = new Map();
  const byPart = new Map();
  let total = 0;
  const visit = (node) => {
    if (node.selfSize) {
      const { part, at } = where(node.callFrame);
      const name = `${node.callFrame.functionName || "(anonymous)"} ${at}`.trim();
      byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
      byPart.set(part, (byPart.get(part) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) visit(child);
  };
  visit(profile.head);
  const kb = (bytes) => `${(bytes / n / 1000).toFixed(1).padStart(6)} KB`;
  const which = survivors
    ? "only what outlived the young generation, freed by a major collection since or still live"
    : "freed objects included";
  console.log(`allocated: ${kb(total).trim()} per request (sampled every 4 KB on average; ${which})`);
  console.log("by package (where the allocating function is)");
  for (const [part, bytes] of [...byPart].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${kb(bytes)}  ${part}`);
  console.log("by function");
  for (const [name, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${kb(bytes)}  ${name}`);
}
