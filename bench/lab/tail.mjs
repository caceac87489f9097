// Lab: where a page's slowest answers lose their time. The built product (or bare Remix, --bare) on core 0, with the
// reference API inside it (--upstream embedded, the default) or as a process of its own on core 1; autocannon here
// on core 1, 10 connections unless --connections says otherwise. After 5 s of warm-up it sends --requests requests
// and prints, for those, the latency autocannon saw, the time each request spent in the server (from its arrival to
// its finished answer), and for the slowest hundredth and the rest: how many requests were in the server when it
// arrived and how much garbage collection ran while it was there. No budget: figures for docs/performance.md.
// Usage: npm run build && node bench/lab/tail.mjs [--page /demo/home] [--user anna] [--upstream embedded|separate]
//        [--requests 5000] [--connections 10] [--node-args "…"] [--bare] [--build DIR] (another build of the product)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileWritten, labOptions, load, recordedRun, startLabServer } from "../lib/lab-server.mjs";
import { pinSelf } from "../lib/server.mjs";
import { mean } from "../lib/stats.mjs";

const { bare, page, user, upstream, requests, connections, nodeArgs, buildDir } = labOptions({ upstream: "embedded", requests: 5000 });

const work = mkdtempSync(path.join(tmpdir(), "tail-"));
const out = path.join(work, "result.json");
const serverArgs = [...nodeArgs, "--import", path.join(import.meta.dirname, "tail-hook.mjs")];
pinSelf(1);

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

let lab;
try {
  lab = await startLabServer({ bare, upstream, user, env: { TAIL_OUT: out }, nodeArgs: serverArgs, buildDir });
  const { server, headers } = lab;
  const url = server.baseUrl + page;
  await load(url, headers, { duration: 5 }, connections);

  const { run, cpu } = await recordedRun(server, url, headers, requests, connections);
  await fileWritten(out, "wrote no result");
  const { requests: seen, pauses, blocks } = JSON.parse(readFileSync(out, "utf8"));

  const n = run.requests.total;
  console.log(
    `${bare ? "bare Remix" : `${page} as a copy of ${user}, ${upstream} upstream`}${nodeArgs.length ? `, node ${nodeArgs.join(" ")}` : ""}`,
  );
  console.log(`${n} requests, ${(n / (run.duration || 1)).toFixed(0)} req/s, server CPU ${(cpu / n).toFixed(2)} ms per request`);
  console.log(`autocannon: p50 ${run.latency.p50} ms, p90 ${run.latency.p90} ms, p99 ${run.latency.p99} ms, max ${run.latency.max} ms`);

  const withTimes = seen.map((request) => {
    const gcMs = pauses
      .filter((pause) => pause.start < request.end && pause.start + pause.ms > request.start)
      .reduce((sum, pause) => sum + Math.min(pause.start + pause.ms, request.end) - Math.max(pause.start, request.start), 0);
    return { ...request, ms: request.end - request.start, gcMs };
  });
  const sorted = withTimes.map((request) => request.ms).sort((a, b) => a - b);
  const fmt = (value) => value.toFixed(1);
  console.log(
    `in the server (${seen.length} requests): p50 ${fmt(quantile(sorted, 0.5))} ms, p90 ${fmt(quantile(sorted, 0.9))} ms, p99 ${fmt(quantile(sorted, 0.99))} ms, max ${fmt(sorted.at(-1))} ms`,
  );
  const line = quantile(sorted, 0.99);
  const groups = { "slowest 1 %": withTimes.filter((r) => r.ms >= line), "the rest": withTimes.filter((r) => r.ms < line) };
  for (const [name, group] of Object.entries(groups)) {
    console.log(
      `${name.padEnd(12)} ${String(group.length).padStart(5)} requests: mean ${fmt(mean(group.map((r) => r.ms)))} ms in the server, ` +
        `${fmt(mean(group.map((r) => r.inFlight)))} others in the server at arrival, GC ${fmt(mean(group.map((r) => r.gcMs)))} ms while there`,
    );
  }
  const byKind = new Map();
  for (const pause of pauses) byKind.set(pause.kind, [...(byKind.get(pause.kind) ?? []), pause]);
  console.log(
    `GC: ${[...byKind]
      .map(([kind, list]) => `${list.length} ${kind} (longest ${fmt(Math.max(...list.map((pause) => pause.ms)))} ms)`)
      .join(", ")}`,
  );
  // When the slow ones happened: clustered (something stalled all requests at once) or spread out.
  const t0 = Math.min(...withTimes.map((r) => r.start));
  const slowStarts = groups["slowest 1 %"].map((r) => ((r.start - t0) / 1000).toFixed(2)).sort((a, b) => a - b);
  console.log(`the slowest 1 % arrived at (s after the first): ${slowStarts.join(" ")}`);
  // The event loop's longest stretches without a break, and the collector's pauses inside each.
  console.log("the event loop's longest stretches over 20 ms (s after the first request: ms, and the GC pauses in it)");
  for (const block of blocks
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 12)
    .sort((a, b) => a.start - b.start)) {
    const inside = pauses.filter((pause) => pause.start < block.start + block.ms + 5 && pause.start + pause.ms > block.start);
    const gc = inside.map((pause) => `${pause.kind} ${fmt(pause.ms)}`).join(", ");
    console.log(`  ${((block.start - t0) / 1000).toFixed(2)} s: ${fmt(block.ms)} ms${gc ? ` (GC: ${gc})` : ""}`);
  }
} finally {
  await lab?.stop();
  rmSync(work, { recursive: true, force: true });
}
