// Order statistics the benchmarks print: the lower median (of an even count, the smaller middle value)
// and the 95th percentile (nearest rank).
const sorted = (values) => [...values].sort((a, b) => a - b);
export const median = (values) => sorted(values)[Math.floor((values.length - 1) / 2)];
export const p95 = (values) => sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];
