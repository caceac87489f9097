// Loaded with --import by bench/lab/gc-alloc.mjs into the measured server, driven by SIGUSR2: counts the garbage
// collector's pauses by kind over one stretch of requests, samples every allocation over the next (also of objects
// the collector has freed since), then writes both to GC_ALLOC_OUT as JSON. Nothing of it is part of the product.
import { Session } from "node:inspector";
import { renameSync, writeFileSync } from "node:fs";
import { PerformanceObserver } from "node:perf_hooks";
import { gcKind } from "../lib/gc-kind.mjs";

const out = process.env.GC_ALLOC_OUT;
let gc = null;
new PerformanceObserver((list) => {
  if (!gc) return;
  for (const entry of list.getEntries()) {
    const kind = gcKind(entry);
    const stats = (gc[kind] ??= { count: 0, ms: 0, maxMs: 0 });
    stats.count++;
    stats.ms += entry.duration;
    stats.maxMs = Math.max(stats.maxMs, entry.duration);
  }
}).observe({ entryTypes: ["gc"] });

// Three signals: start counting pauses; stop counting and start sampling allocations (the sampler slows
// the process, so the pauses are counted without it); stop sampling and write both.
const session = new Session();
session.connect();
let signals = 0;
let counted = null;
process.on("SIGUSR2", () => {
  signals++;
  if (signals === 1) {
    gc = {};
    return;
  }
  if (signals === 2) {
    // The observer reports a pause after it ended: one more turn of the event loop lets the last ones in.
    setImmediate(() => {
      counted = gc;
      gc = null;
      session.post(
        "HeapProfiler.startSampling",
        {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          // GC_ALLOC_SURVIVORS: only what outlived the young generation (promoted, then freed or still live).
          includeObjectsCollectedByMinorGC: !process.env.GC_ALLOC_SURVIVORS,
        },
        () => writeFileSync(`${out}.sampling`, ""),
      );
    });
    return;
  }
  session.post("HeapProfiler.stopSampling", (error, result) => {
    // Renamed into place when whole: the lab reads the file as soon as it exists.
    writeFileSync(`${out}.part`, JSON.stringify(error ? { error: String(error) } : { gc: counted, profile: result.profile }));
    renameSync(`${out}.part`, out);
  });
});
