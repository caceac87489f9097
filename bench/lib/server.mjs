// Starts the production build on a free port with fresh temporary databases, for benchmarks.
// Logging stays at warn so request logs do not skew the figures. The PID kept is node's own;
// stop() sends SIGTERM and waits for the exit.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

// Server CPU time (user + system, from /proc, Linux only; null elsewhere): unlike req/s it hardly moves
// when other processes share the machine, so the benchmarks print it per request beside the wall-clock figures.
const CLOCK_TICK_MS = 10;
export function cpuMs(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const fields = readFileSync(file, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

let tasksetWorks;
/** True where `taskset` runs and the machine has a second core to give the load generator. */
export function canPin() {
  if (tasksetWorks === undefined) {
    tasksetWorks = availableParallelism() >= 2 && spawnSync("taskset", ["-c", "0", "true"], { stdio: "ignore" }).status === 0;
  }
  return tasksetWorks;
}

/** [command, args] running `command` on `core` through taskset where possible (taskset execs it: same PID). */
export function pinnedCommand(command, args, core) {
  return core !== undefined && canPin() ? ["taskset", ["-c", String(core), command, ...args]] : [command, args];
}

/** Pins this process (all its threads) to `core` where possible; returns whether it did. */
export function pinSelf(core) {
  if (!canPin()) return false;
  return spawnSync("taskset", ["-a", "-p", "-c", String(core), String(process.pid)], { stdio: "ignore" }).status === 0;
}

export async function waitUntilUp(child, url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `buildDir`: another build of the product (e.g. a copy of main's, for before/after figures); `nodeArgs`: e.g. --cpu-prof.
 * `core` (optional) pins the server to that CPU with taskset where available; `port`: one chosen beforehand (freePort()).
 * `env` entries set to undefined are left out (e.g. DEMO_MODE for a product that calls a separate upstream).
 * `wrap`: a command that runs node within its own process (the PID kept stays the server's) and passes signals on,
 * e.g. ["valgrind", "--tool=callgrind"] (bench/lab/instructions.mjs), with `upTimeoutMs` for its slower start.
 */
export async function startBuiltServer(
  env = {},
  { core, buildDir = path.join(ROOT, "build"), nodeArgs = [], port, wrap = [], upTimeoutMs } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-"));
  port ??= await freePort();
  const nodeCommand = [...wrap, process.execPath, ...nodeArgs, path.join(buildDir, "serve.js")];
  const [command, args] = pinnedCommand(nodeCommand[0], nodeCommand.slice(1), core);
  const fullEnv = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SESSION_SECRET: "bench-secret-that-is-long-enough-0123456789",
    DATABASE_PATH: path.join(dataDir, "app.db"),
    API_DATABASE_PATH: path.join(dataDir, "api.db"),
    LOG_LEVEL: "warn",
    COOKIE_SECURE: "false",
    RATE_LIMIT_MAX: "100000",
    API_RATE_LIMIT_CLIENT_MAX: "100000",
    API_RATE_LIMIT_TARGET_MAX: "100000",
    API_RECRUITER_LIMIT_PERCENT: "100000",
    DEMO_MODE: "true",
    BUILD_DIR: buildDir,
    ...env,
  };
  const child = spawn(command, args, {
    cwd: ROOT,
    env: Object.fromEntries(Object.entries(fullEnv).filter(([, value]) => value !== undefined)),
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, `${baseUrl}/healthz`, upTimeoutMs);
  return {
    baseUrl,
    pid: child.pid,
    /** The node process itself (bench/lib/shutdown.mjs signals it and reads its exit code). */
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
