// The name of a garbage collection's kind, as the hooks of bench/lab (loaded into a measured server) print it.
import { constants } from "node:perf_hooks";

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak callbacks",
};

/** A "gc" performance entry's kind: minor, major, incremental, weak callbacks or other. */
export const gcKind = (entry) => KINDS[entry.detail?.kind] ?? "other";
