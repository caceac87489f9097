import { spawn, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import { portToListenOnLater } from "./ports";

/**
 * A real redis-server (Debian package, /usr/bin/redis-server) for tests: loopback only, on a free
 * port, no persistence (--save "" --appendonly no). Stopped by its PID; `restart` brings it back on
 * the same port (empty, as a real restart without persistence would) for outage tests.
 */
export interface RunningRedis {
  url: string;
  port: number;
  readonly pid: number | undefined;
  /** Stops the server (SIGTERM to its PID) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it answers PING. */
  restart(): Promise<void>;
  /** Everything the server printed (for failure messages). */
  output(): string;
}

export const REDIS_SERVER = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";

/** Sends PING over a raw connection; true on +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (chunk) => done(chunk.toString().startsWith("+PONG")));
  });
}

export async function startRedis(options: { timeoutMs?: number } = {}): Promise<RunningRedis> {
  const port = await portToListenOnLater();
  let child: ChildProcess | undefined;
  let log = "";

  const launch = async () => {
    const started = spawn(
      REDIS_SERVER,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child = started;
    started.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
    started.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<never>((_, reject) =>
      started.once("exit", (code) => reject(new Error(`redis-server exited with ${code}:\n${log}`))),
    );
    exited.catch(() => undefined);
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    while (!(await Promise.race([ping(port), exited]))) {
      if (Date.now() > deadline) {
        started.kill("SIGKILL");
        throw new Error(`redis-server did not answer PING on port ${port} in time:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
    running.kill("SIGTERM");
    await exited;
  };

  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.pid;
    },
    stop,
    async restart() {
      await stop();
      await launch();
    },
    output: () => log,
  };
}
