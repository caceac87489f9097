// `npm run bench:api-throughput`: throughput of the embedded reference API on its hottest read,
// GET /api/dashboardHome/container/P100 with a valid bearer token (anna), for 10 s with autocannon.
// Starts the production build (build/serve.js) itself on a free port with a temporary database and
// stops it afterwards, then measures the same server's /healthz as a baseline for the machine.
// Options: --duration <s> (10), --connections <n> (10), --no-baseline.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    "no-baseline": { type: "boolean", default: false },
  },
});
const root = path.resolve(import.meta.dirname, "..");
const serve = path.join(root, "build", "serve.js");

if (!existsSync(serve)) {
  console.log("No build found: building once (npm run build) …");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, child, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not become healthy in time");
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-api-"));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
let output = "";
const server = spawn(process.execPath, [serve], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SESSION_SECRET: "bench-secret-that-is-long-enough-0123456789",
    DATABASE_PATH: path.join(dataDir, "app.db"),
    API_DATABASE_PATH: path.join(dataDir, "api.db"),
    // Request logging at info would measure the log pipe, not the API.
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
server.stdout.on("data", (chunk) => (output += chunk));
server.stderr.on("data", (chunk) => (output += chunk));

async function stop() {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  await waitForHealth(baseUrl, server);
  const login = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ cstm: "demo", userName: "anna", password: "Anna-Demo-2027" }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { access_token: token } = await login.json();

  const target = `${baseUrl}/api/dashboardHome/container/P100`;
  const check = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
  if (!check.ok) throw new Error(`warm-up request failed: ${check.status}`);

  const run = (url, headers = {}) =>
    autocannon({ url, connections: Number(args.connections), duration: Number(args.duration), headers });
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
    report("baseline GET /healthz", await run(`${baseUrl}/healthz`));
  }
  if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(output.slice(-2000));
  process.exitCode = 1;
} finally {
  await stop();
}
