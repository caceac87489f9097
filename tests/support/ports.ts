import { readFileSync } from "node:fs";
import { createServer } from "node:http";

/**
 * A free port that a test or child process listens on later, or that must stay closed (bound once here, then
 * released). It lies below the kernel's ephemeral range: a released ephemeral port can become the source port of
 * any process's outgoing connection in the meantime (a server's own upstream calls), and listening on it then
 * fails with EADDRINUSE. Whatever wants any free port now binds port 0, inside that range, so none of it takes
 * this one.
 */
export async function portToListenOnLater(): Promise<number> {
  const ephemeralStart = firstEphemeralPort();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = ephemeralStart - 1 - Math.floor(Math.random() * Math.min(10_000, ephemeralStart - 1025));
    const server = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (bound) {
      await new Promise((resolve) => server.close(resolve));
      return port;
    }
  }
  throw new Error(`no free port below ${ephemeralStart} in 50 attempts`);
}

/** The kernel's first ephemeral port (Linux: net.ipv4.ip_local_port_range), else Linux's default. */
function firstEphemeralPort(): number {
  try {
    const first = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    if (Number.isInteger(first) && first > 2048) return first;
  } catch {
    // Not Linux: no such file.
  }
  return 32768;
}
