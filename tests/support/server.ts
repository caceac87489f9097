import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Starts the real production server (build/serve.js) as a child process with its own temporary
 * SQLite files, on a free port, and reads the port from its "server listening" log line.
 * Integration tests talk to it over HTTP exactly like a browser would.
 */
export interface RunningServer {
  baseUrl: string;
  port: number;
  process: ChildProcess;
  dataDir: string;
  /** Everything the server logged so far (JSON lines). */
  logs: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export const ROOT = path.resolve(import.meta.dirname, "../..");

export function testSecret(): string {
  return "test-secret-that-is-long-enough-0123456789";
}

export async function startServer(
  env: Record<string, string | undefined> = {},
  /** `script`: another entry than the built server, relative to the checkout (e.g. scripts/start.mjs, `npm start`). */
  options: { timeoutMs?: number; script?: string } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "assessment-test-"));
  const child = spawn(process.execPath, [path.join(ROOT, options.script ?? "build/serve.js")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      SESSION_SECRET: testSecret(),
      DATABASE_PATH: path.join(dataDir, "app.db"),
      API_DATABASE_PATH: path.join(dataDir, "api.db"),
      LOG_LEVEL: "info",
      // The demo users and /api/dev helpers (docs/decisions/090); demo mode and an upstream exclude each other.
      ...(env.UPSTREAM_API_URL ? {} : { DEMO_MODE: "true" }),
      // Every test client is 127.0.0.1 and many register or reset: the embedded API's request limits
      // (decision 103) are out of the way unless a test of them sets its own.
      API_RATE_LIMIT_CLIENT_MAX: "100000",
      API_RATE_LIMIT_TARGET_MAX: "100000",
      // Every test is rita (or a clone) at `demo`: the recruiter calls' limits (decision 171) ×1000.
      API_RECRUITER_LIMIT_PERCENT: "100000",
      // Browsers driven by tests fill forms faster than people: no minimum time of the honeypot
      // (decision 130) unless a test of it sets one; its time stamp must still be genuine.
      HONEYPOT_MIN_FILL_MS: "0",
      // Thousands of sign-ins: new and demo hashes at scrypt N=2^10 (docs/decisions/092); the
      // OWASP cost itself is tested in tests/api/password-hashing.test.ts.
      API_SCRYPT_LOG2_N: "10",
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Never leave a half-started server behind: it would keep its port and CPU until the machine stops.
      child.kill("SIGKILL");
      reject(new Error(`server did not start in time:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const check = () => {
      for (const line of output.split("\n")) {
        if (!line.includes('"server listening"')) continue;
        try {
          const port = (JSON.parse(line) as { port: number }).port;
          clearTimeout(timer);
          resolve(port);
          return;
        } catch {
          /* partial line */
        }
      }
    };
    child.stdout.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    process: child,
    dataDir,
    logs: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill(signal);
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Runs the server entry and collects what it prints when it refuses to start. */
export function runServerExpectingExit(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "build/serve.js")], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // A safety net only (it exits at once normally): generous for a loaded machine, below vitest's 30 s.
    const timer = setTimeout(() => child.kill("SIGKILL"), 25_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
