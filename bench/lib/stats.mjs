// Statistics the benchmarks print: the lower median (of an even count, the smaller middle value), the
// 95th percentile (nearest rank) and the mean.
const sorted = (values) => [...values].sort((a, b) => a - b);
export const median = (values) => sorted(values)[Math.floor((values.length - 1) / 2)];
export const p95 = (values) => sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];
export const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
