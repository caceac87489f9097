// bench/ssr-throughput: autocannon against real pages and against the bare baseline page of the
// same server, same run, 10 s each (DESIGN §7: a page should reach ≥ 50 % of the baseline).
// Usage: npm run build && node bench/ssr-throughput.mjs [--duration 10] [--connections 10]
import autocannon from "autocannon";
import { startBuiltServer } from "./lib/server.mjs";
import { THROUGHPUT_PAGES } from "./pages.mjs";

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const duration = arg("duration", 10);
const connections = arg("connections", 10);

function run(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration, connections, headers: { Accept: "text/html", "Accept-Encoding": "gzip", ...headers } }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const server = await startBuiltServer();
const results = [];
try {
  const baseline = await run(`${server.baseUrl}/_bench`);
  results.push({ name: "baseline (/_bench)", result: baseline });
  for (const page of THROUGHPUT_PAGES) {
    const cookie = page.session ? await page.session(server.baseUrl) : undefined;
    results.push({ name: page.name, result: await run(server.baseUrl + page.path, cookie ? { Cookie: cookie } : {}) });
  }
} finally {
  await server.stop();
}

const baselineRps = results[0].result.requests.average;
const pad = (value, width) => String(value).padEnd(width);
console.log(`autocannon: ${duration} s per page, ${connections} connections, node ${process.version}`);
console.log(pad("page", 30), pad("req/s", 9), pad("p50 ms", 8), pad("p99 ms", 8), pad("non-2xx", 8), "ratio");
for (const { name, result } of results) {
  const ratio = result.requests.average / baselineRps;
  console.log(
    pad(name, 30),
    pad(result.requests.average.toFixed(0), 9),
    pad(result.latency.p50, 8),
    pad(result.latency.p99, 8),
    pad(result.non2xx, 8),
    `${(ratio * 100).toFixed(0)} %`,
  );
}
