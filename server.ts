import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createAppServer, type CreateServerOptions } from "./server/app";
import { EnvError, parseEnv, type ServerConfig } from "./server/env";

/**
 * Process entry: validate the environment, start the server, stop cleanly on SIGTERM/SIGINT.
 * Production runs the bundle (build/serve.js) with `node --import ./build/instrument.server.js`.
 */
function loadConfig(): ServerConfig {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function readRelease(buildDir: string): string {
  if (process.env.SENTRY_RELEASE) return process.env.SENTRY_RELEASE;
  try {
    return (JSON.parse(readFileSync(path.join(buildDir, "release.json"), "utf8")) as { release: string }).release;
  } catch {
    return "dev";
  }
}

async function main() {
  const config = loadConfig();
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  let options: CreateServerOptions;

  if (config.isProduction || config.NODE_ENV === "test") {
    const serverBuild = path.join(buildDir, "server", "index.js");
    let build: ServerBuild;
    try {
      build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
    } catch (error) {
      console.error(`No server build at ${serverBuild}: run "npm run build" first (${(error as Error).message})`);
      process.exit(1);
    }
    options = { build, clientDir: path.join(buildDir, "client"), release: readRelease(buildDir) };
  } else {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    options = {
      build: () => devServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
      clientDir: path.join(buildDir, "client"),
      viteMiddleware: devServer.middlewares,
    };
  }

  const server = await createAppServer(config, options);
  await server.listen();

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, "shutting down");
    try {
      await server.close();
      const sentry = (globalThis as { __SENTRY_CLOSE__?: () => Promise<unknown> }).__SENTRY_CLOSE__;
      if (sentry) await sentry();
      server.logger.flush?.();
      process.exit(0);
    } catch (error) {
      server.logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  // stop() handles its own failures (logs, exit 1).
  process.on("SIGTERM", (signal) => void stop(signal));
  process.on("SIGINT", (signal) => void stop(signal));
}

main().catch((error) => {
  // A refusal of the embedded API's database (docs/decisions/090) is a configuration error: one line.
  const refusal = error instanceof Error && (error.name === "DatabaseModeError" || error.name === "RedisUnavailableError");
  console.error(error instanceof Error ? (refusal ? error.message : (error.stack ?? error.message)) : error);
  process.exit(1);
});
