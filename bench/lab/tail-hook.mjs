// Loaded with --import by bench/lab/tail.mjs into the measured server, driven by SIGUSR2: between the first and the
// second signal it records when each request arrived and when its answer was finished (Node's HTTP diagnostics
// channels) and every pause of the garbage collector, then writes them to TAIL_OUT as JSON. Not part of the product.
import { subscribe } from "node:diagnostics_channel";
import { renameSync, writeFileSync } from "node:fs";
import { performance, PerformanceObserver } from "node:perf_hooks";
import { gcKind } from "../lib/gc-kind.mjs";

const out = process.env.TAIL_OUT;
let recording = false;
const requests = [];
const pauses = [];
const started = new WeakMap();
let inFlight = 0;
/** Turns of the event loop that came more than 20 ms late: something ran that long without a break. */
const blocks = [];
let last = performance.now();
setInterval(() => {
  const now = performance.now();
  if (recording && now - last > 25) blocks.push({ start: last, ms: now - last - 5 });
  last = now;
}, 5).unref();

subscribe("http.server.request.start", ({ response }) => {
  if (recording) started.set(response, { start: performance.now(), inFlight: inFlight++ });
});
subscribe("http.server.response.finish", ({ response }) => {
  const entry = started.get(response);
  if (!entry) return;
  inFlight--;
  requests.push({ ...entry, end: performance.now() });
});
new PerformanceObserver((list) => {
  if (!recording) return;
  for (const entry of list.getEntries()) {
    pauses.push({ start: entry.startTime, ms: entry.duration, kind: gcKind(entry) });
  }
}).observe({ entryTypes: ["gc"] });

process.on("SIGUSR2", () => {
  if (!recording) {
    recording = true;
    return;
  }
  // The observer reports a pause after it ended: one more turn of the event loop lets the last ones in.
  setImmediate(() => {
    recording = false;
    writeFileSync(`${out}.part`, JSON.stringify({ requests, pauses, blocks }));
    renameSync(`${out}.part`, out);
  });
});
