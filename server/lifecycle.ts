import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Server as NetServer, type AddressInfo, type Socket } from "node:net";
import type express from "express";
import type { Response } from "express";
import type { Logger } from "pino";
import { UPSTREAM_KEEP_ALIVE_MS } from "../app/upstream/transport.server";
import type { ServerConfig } from "./env";
import { InProcessSocket } from "./in-process-upstream";
import type { ListenerFacts, ServerResources } from "./services";

/** The internal listener's keep-alive: a minute past the upstream client's own (UPSTREAM_KEEP_ALIVE_MS). */
const INTERNAL_KEEP_ALIVE_MS = UPSTREAM_KEEP_ALIVE_MS + 60_000;
/** After SIGTERM, how long a connection without a request is left before it counts as idle (decision 099). */
const IDLE_GRACE_MS = 100;

/**
 * The listeners' life cycle (decision 099): listen on the public and the internal listener, and at
 * shutdown stop accepting, drain both and then end the services.
 */
export interface Lifecycle extends ListenerFacts {
  /** False once the shutdown began: answers carry Connection: close and /readyz says 503. */
  readonly accepting: boolean;
  /** Counts an answer as in flight until it closes (the shutdown marks the unsent ones Connection: close). */
  track(res: Response): void;
  /** Listens on HOST:PORT (and the internal listener); resolves with the bound public port. */
  listen(app: express.Express, resources: ServerResources): Promise<number>;
  /** Graceful stop: no new connections, in-flight requests finish, then the services close. */
  close(resources: ServerResources): Promise<void>;
}

export function createLifecycle(config: ServerConfig, logger: Logger): Lifecycle {
  let accepting = true;
  const inFlight = new Set<Response>();
  let server: Server | undefined;
  let internal: Server | undefined;
  let publicBaseUrl = "";
  const sockets = new Set<Socket>();
  const internalSockets = new Set<Socket>();
  /**
   * Per connection: requests whose answer is not completely handed to the OS yet (`active`), and
   * requests begun in all (`begun`: tells a connection idle at two checks from one that served a
   * request between them).
   */
  const requestCounts = new WeakMap<Socket, { active: number; begun: number }>();

  function listenOn(target: Server, port: number, host: string, tracked: Set<Socket>, keepAliveMs = 5_000): Promise<number> {
    target.headersTimeout = 20_000;
    target.requestTimeout = 60_000;
    target.keepAliveTimeout = keepAliveMs;
    target.on("connection", (socket) => {
      tracked.add(socket);
      socket.on("close", () => tracked.delete(socket));
    });
    target.on("request", (req: IncomingMessage, res: ServerResponse) => {
      const socket = req.socket;
      let counts = requestCounts.get(socket);
      if (!counts) requestCounts.set(socket, (counts = { active: 0, begun: 0 }));
      counts.active += 1;
      counts.begun += 1;
      res.once("close", () => (counts.active -= 1));
    });
    return new Promise((resolve, reject) => {
      target.once("error", reject);
      target.listen(port, host, () => resolve((target.address() as AddressInfo).port));
    });
  }

  /**
   * Drains one listener (decision 099): stop accepting, let the requests in flight finish, close the
   * keep-alive connections, destroy what is left at the deadline.
   */
  async function drain(target: Server, tracked: Set<Socket>, deadline: number): Promise<void> {
    // net.Server#close, not http.Server#close: since Node 19 the latter also destroys at once every
    // connection without a request in progress, and a connection whose request has arrived but was
    // not read yet looks like that: its client got a reset for a request sent before the signal.
    // The listener stays open through the grace, and one poll phase more: closing it resets every
    // connection still in the kernel's accept queue, and a client that connected shortly before the
    // signal (its handshake late on a loaded machine, after a lost SYN) has its request in that queue.
    // Accepted now, its request is read and answered with Connection: close (`accepting` is false;
    // readiness says 503). Closing after a single poll phase reset such requests in 15 of 40 runs of
    // tests/integration/shutdown.test.ts's load with both cores busy (decision 099, amendment).
    await new Promise((resolve) => setTimeout(resolve, IDLE_GRACE_MS));
    await new Promise((resolve) => setImmediate(resolve));
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(target, () => resolve()));
    // Not closeIdleConnections() either: it counts a connection as idle once its answer has been
    // end()ed, even while the answer still sits in the socket's buffer (a slow reader under load),
    // and destroying it then cuts the answer off. Idle here: no request without its "close", and
    // nothing left to write. Answers still to come carry Connection: close and end their connection.
    const idle = (socket: Socket) => (requestCounts.get(socket)?.active ?? 0) === 0 && socket.writableLength === 0;
    // Idle at one check is not enough: a connection accepted in the last poll phase before the close
    // reads its request only in the next one, as does one whose answer just drained to a slow reader.
    // A connection goes when it was idle at two checks in a row with no request begun in between, and
    // a poll phase lies between any two checks.
    const idleAt = new Map<Socket, number>();
    while (tracked.size > 0 && Date.now() < deadline) {
      for (const socket of tracked) {
        if (!idle(socket)) idleAt.delete(socket);
        else if (idleAt.get(socket) === (requestCounts.get(socket)?.begun ?? 0)) socket.destroy();
        else idleAt.set(socket, requestCounts.get(socket)?.begun ?? 0);
      }
      if (tracked.size === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (tracked.size > 0) logger.warn({ connections: tracked.size }, "shutdown deadline reached; closing connections");
    for (const socket of tracked) socket.destroy();
    await closed;
  }

  return {
    get accepting() {
      return accepting;
    },
    track(res) {
      inFlight.add(res);
      res.on("close", () => inFlight.delete(res));
    },
    publicBaseUrl: () => publicBaseUrl,
    isInternal: (socket) => internalSockets.has(socket) || socket instanceof InProcessSocket,
    async listen(app, { services, store }) {
      server = createServer(app);
      const port = await listenOn(server, config.PORT, config.HOST, sockets);
      publicBaseUrl = `http://127.0.0.1:${port}`;
      if (config.embeddedApi) {
        // The embedded API's own listener (decision 099): at shutdown the public one stops accepting
        // while requests in flight still reach the API. The app's page calls go to the API in memory
        // (decision 191) and name this origin; the readiness probe calls it over loopback HTTP.
        internal = createServer(app);
        // Only the app's own upstream client connects here: it gives idle connections up after
        // UPSTREAM_KEEP_ALIVE_MS, so this side never closes one a request is on its way over.
        const internalPort = await listenOn(internal, 0, "127.0.0.1", internalSockets, INTERNAL_KEEP_ALIVE_MS);
        services.upstreamBaseUrl = `http://127.0.0.1:${internalPort}/api`;
      }
      logger.info(
        { port, upstream: config.embeddedApi ? "embedded" : config.UPSTREAM_API_URL, sessionStore: store.kind },
        "server listening",
      );
      return port;
    },
    async close(resources) {
      accepting = false;
      resources.stopPurge();
      const deadline = Date.now() + config.SHUTDOWN_TIMEOUT_MS;
      if (server) {
        // Answers still to come end their connection: keep-alive would invite the next request.
        for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
        await drain(server, sockets, deadline);
      }
      // Only the app's own calls use the internal listener: with the public requests done, so are they.
      if (internal) await drain(internal, internalSockets, deadline);
      await resources.close();
      logger.info("server stopped");
    },
  };
}
