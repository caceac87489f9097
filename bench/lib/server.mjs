// Starts the production build on a free port with fresh temporary databases, for benchmarks.
// Logging stays at warn so request logs do not skew the figures. The PID kept is node's own;
// stop() sends SIGTERM and waits for the exit.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

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

export async function startBuiltServer(env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-"));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, "build/serve.js")], {
    cwd: ROOT,
    env: {
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
      DEMO_MODE: "true",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("server did not start in 30 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
