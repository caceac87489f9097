// Self time of a V8 CPU profile (node --cpu-prof) by part of the system: the product (app/ in the Remix build,
// server/ and app/ in build/serve.js), the embedded reference API (api/ in build/serve.js), Remix/React, other
// packages, Node's own internals, GC (the split of decisions 106 and 112). Used by bench/cpu-profile-summary.mjs and
// bench/lab/calls-profile.mjs.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
  // bench/baseline's own build (the bare page and its calls page), when its server is the one profiled.
  if (filePath.includes(`${path.sep}bench${path.sep}baseline${path.sep}`)) return ["bare Remix page", path.basename(filePath)];
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

/**
 * Self time per part (`parts`), per part and package or file (`details`, "part: detail") and per function
 * (`functions`), in ms, with their sum (`busyMs`): each sample counts the time until the next one, idle left out.
 * `keep(timestampUs)` chooses the samples by when they were taken (V8's clock is the system's monotonic clock, the
 * one of `process.hrtime`, in µs); by default every sample counts.
 */
export async function selfTimes(profile, keep = () => true) {
  const selfMs = new Map();
  let timestampUs = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    timestampUs += profile.timeDeltas[index];
    if (!keep(timestampUs)) continue;
    const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    selfMs.set(profile.samples[index], (selfMs.get(profile.samples[index]) ?? 0) + delta);
  }
  const parts = new Map();
  const details = new Map();
  const functions = new Map();
  let busyMs = 0;
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    if (!ms || node.callFrame.functionName === "(idle)") continue;
    busyMs += ms;
    const [part, detail] = await classify(node.callFrame);
    add(parts, part, ms);
    add(details, `${part}: ${detail}`, ms);
    add(functions, `${node.callFrame.functionName || "(anonymous)"} ${detail}:${node.callFrame.lineNumber + 1}`, ms);
  }
  return { busyMs, parts, details, functions };
}

/** A profile file as written by `--cpu-prof`. */
export const readProfile = (file) => JSON.parse(readFileSync(file, "utf8"));
