// Lab: what React 18's byte writing costs a page. renderToPipeableStream encodes every string it writes
// into 2,048-byte views (TextEncoder.encodeInto per string, a view handed on whenever one is full); this
// makes a copy of the product in which React collects the strings of a flush and writes them as one
// string instead. Not a product change: figures for docs/performance.md («What React's byte writing
// costs, and whom, 2026-11-30»).
// Usage: npm run build && node bench/lab/react-write-strings.mjs DIR (under .tmp/, e.g. .tmp/strings)
//        DIR/build is a copy of ./build, DIR/node_modules/react-dom a copy of ours with the writing
//        changed (node resolves the copy's react-dom from there, every other package from the repo's).
//        Then: node bench/ssr-throughput.mjs --before DIR/build: the "(before)" rows are the copy with
//        string writes, the others the product as it is, bare Remix as it is.
//        [--bare] [--rounds 4] [--duration 10]: bare Remix's side as well: DIR/baseline is a copy of
//        bench/baseline with the same react-dom, and the two bare Remix servers (pinned to core 0,
//        autocannon here on core 1) take turns in the same rounds; prints req/s and CPU ms per request.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { alternateWindows } from "../lib/alternate.mjs";
import { BASELINE_DIR, buildBaseline, startBaseline } from "../lib/baseline.mjs";
import { freshLabCopy } from "../lib/lab-copy.mjs";
import { ROOT, cpuMs, pinSelf } from "../lib/server.mjs";

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};

const FILE = "cjs/react-dom-server.node.production.min.js";
const version = JSON.parse(readFileSync(path.join(ROOT, "node_modules/react-dom/package.json"), "utf8")).version;
if (version !== "18.3.1") {
  console.error(`the rewrite below matches react-dom 18.3.1's minified server, not ${version}`);
  process.exit(2);
}

const dir = freshLabCopy(
  process.argv[2],
  "usage: node bench/lab/react-write-strings.mjs DIR [--bare] (a directory under .tmp/, e.g. .tmp/strings)",
);
cpSync(path.join(ROOT, "node_modules/react-dom"), path.join(dir, "node_modules/react-dom"), { recursive: true });

const target = path.join(dir, "node_modules/react-dom", FILE);
let source = readFileSync(target, "utf8");
function swap(from, to, count) {
  const parts = source.split(from);
  if (parts.length - 1 !== count) throw new Error(`expected ${count} × ${JSON.stringify(from)}, found ${parts.length - 1}`);
  source = parts.join(to);
}
// The write layer of the minified file: r writeChunk, t writeToDestination, w writeChunkAndReturn,
// ca completeWriting, x stringToPrecomputedChunk; k the current view, l its fill, q the backpressure flag.
// Strings instead: every chunk (precomputed ones too) is a string, a flush's strings go out as one write.
const first = "function r(a,b){";
const last = "function x(a){return u.encode(a)}";
const start = source.indexOf(first);
const end = source.indexOf(last);
if (start < 0 || end < start) throw new Error("react-dom's write layer is not where this script expects it");
source =
  source.slice(0, start) +
  'function r(a,b){k+=b}function t(a,b){a=a.write(b);q=q&&a}function w(a,b){k+=b;return q}function ca(a){0<k.length&&t(a,k);k="";q=!0}function x(a){return a}' +
  source.slice(end + last.length);
swap('ba=require("react"),k=null,l=0,q=!0;', 'ba=require("react"),k="",l=0,q=!0;', 1);
swap("k=new Uint8Array(2048);l=0;q=!0;", 'k="";l=0;q=!0;', 2);
if (/Uint8Array|encodeInto|\bu\.encode/.test(source)) throw new Error("a byte write is left in react-dom's server");
writeFileSync(target, source);
console.log(`${path.relative(ROOT, dir)}: build copied, react-dom ${version} writing strings (${path.relative(ROOT, target)})`);

if (process.argv.includes("--bare")) await compareBare();

/** Bare Remix with our react-dom and with the copy that writes strings, alternating in the same rounds. */
async function compareBare() {
  const rounds = Number(option("rounds", "4"));
  const duration = Number(option("duration", "10"));
  buildBaseline();
  cpSync(path.join(BASELINE_DIR, "server.mjs"), path.join(dir, "baseline/server.mjs"));
  cpSync(path.join(BASELINE_DIR, "build"), path.join(dir, "baseline/build"), { recursive: true });
  const servers = {};
  try {
    servers["as it is"] = await startBaseline({ core: 0 });
    servers.strings = await startBaseline({ core: 0, dir: path.join(dir, "baseline") });
    if (cpuMs(servers.strings.pid) === null) throw new Error("the servers' CPU time is read from /proc, which this machine does not have");
    pinSelf(1);
    // bench/ssr-throughput.mjs's headers: a browser's document request, gzip accepted.
    const headers = { Accept: "text/html", "Accept-Encoding": "gzip" };
    const cpu = await alternateWindows(
      Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, { url: `${server.baseUrl}/`, headers, pid: server.pid }])),
      { rounds, duration, warmup: 10, label: (name) => `bare Remix, react-dom ${name.padEnd(8)}` },
    );
    console.log(
      Object.entries(cpu)
        .map(([name, values]) => `CPU ms/request, react-dom ${name}: ${values.join(", ")}`)
        .join("\n"),
    );
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
}
