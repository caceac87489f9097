// bench/cpu-profile-summary: self time of a V8 CPU profile (node --cpu-prof) by part of the system:
// the product (app/ in the Remix build, server/ and app/ in build/serve.js), the embedded reference
// API (api/ in build/serve.js), Remix/React, other packages, Node's own internals, GC (the split of decisions 106 and 112).
// Idle time is left out; shares are of busy time.
// Usage: node bench/ssr-throughput.mjs --pages login --node-args "--cpu-prof --cpu-prof-dir=.tmp/prof" …
//        node bench/cpu-profile-summary.mjs .tmp/prof/CPU.….cpuprofile [--top 25] [--from-s 5]
//        (--from-s: samples of the first seconds, the start-up and sign-ins, left out)
import { readProfile, selfTimes } from "./lib/cpu-profile.mjs";

const file = process.argv[2];
if (!file) throw new Error("usage: node bench/cpu-profile-summary.mjs FILE.cpuprofile [--top 25]");
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const top = option("top", 25);
const fromUs = option("from-s", 0) * 1e6;
const profile = readProfile(file);
const {
  busyMs: busy,
  parts: byPart,
  details: byDetail,
  functions: byFunction,
} = await selfTimes(profile, (timestampUs) => timestampUs - profile.startTime >= fromUs);

const share = (ms) => `${((ms / busy) * 100).toFixed(1).padStart(5)} %`;
const print = (title, map, limit) => {
  console.log(`\n${title}`);
  for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit)) console.log(`${share(ms)}  ${name}`);
};
console.log(`${file}: ${(busy / 1000).toFixed(1)} s busy (idle left out)`);
print("by part", byPart, 10);
print("by package / file", byDetail, top);
print("by function (self time)", byFunction, top);
