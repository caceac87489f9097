// bench/cpu-profile-summary: self time of a V8 CPU profile (node --cpu-prof) by part of the system:
// the product (app/ in the Remix build, server/ and app/ in build/serve.js), the embedded reference
// API (api/ in build/serve.js), Remix/React, other packages, Node's own internals, GC (the split of decisions 106 and 112).
// Idle time is left out; shares are of busy time.
// Usage: node bench/ssr-throughput.mjs --pages login --node-args "--cpu-prof --cpu-prof-dir=.tmp/prof" …
//        node bench/cpu-profile-summary.mjs .tmp/prof/CPU.….cpuprofile [--top 25] [--from-s 5]
//        (--from-s: samples of the first seconds, the start-up and sign-ins, left out)
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const file = process.argv[2];
if (!file) throw new Error("usage: node bench/cpu-profile-summary.mjs FILE.cpuprofile [--top 25]");
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const top = option("top", 25);
const fromUs = option("from-s", 0) * 1e6;
const profile = JSON.parse(readFileSync(file, "utf8"));

// build/serve.js bundles server/, api/ and the app/ modules the server imports: its source map tells them apart.
const sourceMaps = new Map();
async function sourceMapOf(scriptPath) {
  if (sourceMaps.has(scriptPath)) return sourceMaps.get(scriptPath);
  let map = null;
  if (existsSync(`${scriptPath}.map`)) {
    try {
      // A dependency of Vite's toolchain, present wherever the project is installed.
      const { TraceMap } = await import("@jridgewell/trace-mapping");
      map = new TraceMap(readFileSync(`${scriptPath}.map`, "utf8"));
    } catch {
      map = null;
    }
  }
  sourceMaps.set(scriptPath, map);
  return map;
}
const { originalPositionFor } = await import("@jridgewell/trace-mapping").catch(() => ({ originalPositionFor: null }));

const REMIX_REACT = /^(@remix-run\/|react-router|react-dom|react$|turbo-stream|scheduler)/;

/** [part, detail] of one call frame. */
async function classify({ url, functionName, lineNumber, columnNumber }) {
  if (!url) {
    if (functionName === "(garbage collector)") return ["GC", "(garbage collector)"];
    if (functionName === "(program)") return ["node internals", "(program: V8/native, not attributed)"];
    return ["node internals", functionName || "(native)"];
  }
  if (url.startsWith("node:")) {
    if (url.startsWith("node:internal/deps/undici")) return ["node internals", "undici (fetch)"];
    if (url.includes("zlib")) return ["node internals", "zlib"];
    return ["node internals", url.replace(/^node:(internal\/)?/, "").split("/")[0]];
  }
  const filePath = url.startsWith("file://") ? fileURLToPath(url) : url;
  const modules = filePath.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const rest = filePath.slice(modules + "/node_modules/".length).split("/");
    const name = rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    return [REMIX_REACT.test(name) ? "Remix/React" : "other packages", name];
  }
  // The Remix server build's entry and its chunks (server-build-*.js holds app/ and what Vite bundled
  // with it) are told apart by their source maps like build/serve.js.
  const remixBuild = filePath.includes(`${path.sep}server${path.sep}`) && filePath.endsWith(".js");
  if (filePath.endsWith("serve.js") || remixBuild) {
    const map = await sourceMapOf(filePath);
    const source = map && originalPositionFor ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }).source : null;
    if (!source) return ["product", `${path.basename(filePath)} (no source map)`];
    const relative = source.replace(/^(\.\.\/)+/, "");
    if (relative.startsWith("api/")) return ["reference API", relative];
    const modulesAt = relative.indexOf("node_modules/");
    if (modulesAt >= 0) {
      const rest = relative.slice(modulesAt + "node_modules/".length).split("/");
      const name = rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
      return [REMIX_REACT.test(name) ? "Remix/React" : "other packages", name];
    }
    return ["product", relative];
  }
  return ["other", filePath];
}

// Self time per node: the samples that landed on it, weighted by the time until the next sample.
const selfMs = new Map();
let elapsedUs = 0;
for (let index = 0; index < profile.samples.length; index++) {
  elapsedUs += profile.timeDeltas[index];
  if (elapsedUs < fromUs) continue;
  const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000;
  selfMs.set(profile.samples[index], (selfMs.get(profile.samples[index]) ?? 0) + delta);
}
const byPart = new Map();
const byDetail = new Map();
const byFunction = new Map();
let busy = 0;
for (const node of profile.nodes) {
  const ms = selfMs.get(node.id) ?? 0;
  if (!ms || node.callFrame.functionName === "(idle)") continue;
  busy += ms;
  const [part, detail] = await classify(node.callFrame);
  byPart.set(part, (byPart.get(part) ?? 0) + ms);
  byDetail.set(`${part}: ${detail}`, (byDetail.get(`${part}: ${detail}`) ?? 0) + ms);
  const where = `${node.callFrame.functionName || "(anonymous)"} ${detail}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(where, (byFunction.get(where) ?? 0) + ms);
}

const share = (ms) => `${((ms / busy) * 100).toFixed(1).padStart(5)} %`;
const print = (title, map, limit) => {
  console.log(`\n${title}`);
  for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit)) console.log(`${share(ms)}  ${name}`);
};
console.log(`${file}: ${(busy / 1000).toFixed(1)} s busy (idle left out)`);
print("by part", byPart, 10);
print("by package / file", byDetail, top);
print("by function (self time)", byFunction, top);
