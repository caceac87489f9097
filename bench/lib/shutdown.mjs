// The measurement behind bench/shutdown.mjs and tests/integration/shutdown.test.ts (decision 099):
// autocannon drives `connections` keep-alive connections against a page of the built server; once
// the load runs (at least `warmupMs` and `minResponses` answers), the server's own node process gets
// SIGTERM. Every request sent before the signal must get its answer; the process must exit 0.
import autocannon from "autocannon";
import { startBuiltServer } from "./server.mjs";

/**
 * @param {{ connections?: number, warmupMs?: number, minResponses?: number, path?: string, env?: Record<string, string>, debug?: (line: string) => void }} options
 */
export async function measureShutdown(options = {}) {
  const { connections = 20, warmupMs = 3000, minResponses = 1, path = "/demo/login", env = {}, debug } = options;
  const server = await startBuiltServer(env);
  const exited = new Promise((resolve) => server.child.once("exit", (code, signal) => resolve({ code, signal, at: performance.now() })));

  let signalAt = Infinity;
  const before = { sent: 0, completed: 0, non2xx: 0, reset: 0, lost: 0 };
  const after = { sent: 0, completed: 0, connectionErrors: 0 };
  const statuses = {};

  // autocannon keeps one request outstanding per connection: a response settles it; a connection
  // error, or a new request on a fresh connection while one is outstanding, means it got no answer.
  const track = (client) => {
    let outstanding = null;
    client.on("request", () => {
      if (outstanding && outstanding.sentAt < signalAt) before.lost += 1;
      const sentAt = performance.now();
      outstanding = { sentAt };
      if (sentAt < signalAt) before.sent += 1;
      else after.sent += 1;
    });
    client.on("response", (status) => {
      if (!outstanding) return;
      if (outstanding.sentAt < signalAt) {
        before.completed += 1;
        if (status < 200 || status >= 300) before.non2xx += 1;
        statuses[status] = (statuses[status] ?? 0) + 1;
      } else {
        after.completed += 1;
      }
      outstanding = null;
    });
    client.on("connError", (error) => {
      if (outstanding && outstanding.sentAt < signalAt) {
        before.reset += 1;
        debug?.(
          `reset: ${error.code} sent ${Math.round(outstanding.sentAt - signalAt)} ms, failed ${Math.round(performance.now() - signalAt)} ms after the signal`,
        );
      } else {
        after.connectionErrors += 1;
      }
      outstanding = null;
    });
  };

  const started = performance.now();
  const instance = autocannon({
    url: server.baseUrl + path,
    connections,
    duration: 600,
    headers: { Accept: "text/html", "Accept-Encoding": "gzip" },
    setupClient: track,
  });
  instance.on("error", () => {});

  const deadline = started + Math.max(warmupMs, 60_000);
  while (performance.now() - started < warmupMs || before.completed < minResponses) {
    if (performance.now() > deadline) {
      instance.stop();
      await server.stop();
      throw new Error(`only ${before.completed} answers within ${Math.round(performance.now() - started)} ms of load`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const loadMs = performance.now() - started;
  const rateBefore = Math.round((before.completed / loadMs) * 1000);
  signalAt = performance.now();
  process.kill(server.pid, "SIGTERM");
  const exit = await exited;
  instance.stop();
  await server.stop();
  return {
    connections,
    path,
    loadMs: Math.round(loadMs),
    rateBefore,
    before: { ...before, unanswered: before.sent - (before.completed + before.reset + before.lost), statuses },
    after,
    exitCode: exit.code,
    exitSignal: exit.signal,
    exitMs: Math.round(exit.at - signalAt),
  };
}
