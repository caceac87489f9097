// `npm run bench:api-throughput`: throughput of the embedded reference API on its hottest read,
// GET /api/dashboardHome/container/P100 with a valid bearer token (anna), for 10 s with autocannon.
// Starts the production build itself (bench/lib/server.mjs) and measures the same server's /healthz
// as a baseline for the machine. Options: --duration <s> (10), --connections <n> (10), --no-baseline.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { ROOT, startBuiltServer } from "./lib/server.mjs";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    "no-baseline": { type: "boolean", default: false },
  },
});

if (!existsSync(path.join(ROOT, "build", "serve.js"))) {
  console.log("No build found: building once (npm run build) …");
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = await startBuiltServer();
try {
  const login = await fetch(`${server.baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ cstm: "demo", userName: "anna", password: "Anna-Demo-2027" }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { access_token: token } = await login.json();

  const target = `${server.baseUrl}/api/dashboardHome/container/P100`;
  const check = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
  if (!check.ok) throw new Error(`warm-up request failed: ${check.status}`);

  const run = (url, headers = {}) => autocannon({ url, connections: Number(args.connections), duration: Number(args.duration), headers });
  const report = (label, result) => {
    console.log(`${label} · ${result.connections} connections · ${result.duration} s`);
    console.log(`  requests/s  ${result.requests.average.toFixed(0)} (total ${result.requests.total})`);
    console.log(`  latency     p50 ${result.latency.p50} ms · p99 ${result.latency.p99} ms · max ${result.latency.max} ms`);
    console.log(`  non-2xx     ${result.non2xx} · errors ${result.errors} · timeouts ${result.timeouts}`);
  };
  const result = await run(target, { authorization: `Bearer ${token}` });
  report("GET /api/dashboardHome/container/P100", result);
  if (!args["no-baseline"]) {
    // The same server's /healthz, same run: what the machine gives a request that does nothing.
    report("baseline GET /healthz", await run(`${server.baseUrl}/healthz`));
  }
  if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
} finally {
  await server.stop();
}
