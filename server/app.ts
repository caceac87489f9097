import type { ServerBuild } from "@remix-run/node";
import express from "express";
import type { Logger } from "pino";
import type { AppServices } from "../app/context";
import type { ServerConfig } from "./env";
import { createLifecycle } from "./lifecycle";
import { createLogger } from "./logger";
import { mountMiddleware } from "./middleware";
import { createServerResources } from "./services";

export interface AppServer {
  app: express.Express;
  services: AppServices;
  logger: Logger;
  /** Listens on HOST:PORT; resolves with the bound port (PORT=0 picks a free one). */
  listen(): Promise<number>;
  /** Graceful stop: no new connections, in-flight requests finish, stores close. */
  close(): Promise<void>;
}

export interface CreateServerOptions {
  /** The Remix server build, or a loader for it (dev: Vite's SSR module). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of the client build (build/client). */
  clientDir: string;
  /** Vite dev middleware (development only). */
  viteMiddleware?: express.RequestHandler;
  logger?: Logger;
  release?: string;
  /**
   * The client build's hidden source maps (docs/decisions/174); by default `sourcemaps/client` beside the client
   * build, where scripts/build-server.mjs moves them.
   */
  clientSourceMapsDir?: string;
}

/**
 * The app server in three parts: the services and stores (server/services.ts), the request chain
 * (server/middleware.ts) and the listeners' life cycle with the graceful shutdown (server/lifecycle.ts,
 * decision 099).
 */
export async function createAppServer(config: ServerConfig, options: CreateServerOptions): Promise<AppServer> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  for (const warning of config.warnings) logger.warn(warning);

  // The life cycle first: the embedded API asks it which listener a request came in on.
  const lifecycle = createLifecycle(config, logger);
  const resources = await createServerResources(config, options, logger, lifecycle);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  mountMiddleware(app, { config, options, logger, resources, lifecycle });

  return {
    app,
    services: resources.services,
    logger,
    listen: () => lifecycle.listen(app, resources),
    close: () => lifecycle.close(resources),
  };
}
