import express, { type Router } from "express";
import type { Logger } from "pino";
import { DEMO_CUSTOMERS } from "./demo-customers";

/**
 * The embedded reference API: a real implementation of the spec §7 contract, mounted at /api by
 * server.ts when UPSTREAM_API_URL is unset. It shares no code with app/: only the HTTP contract
 * (docs/api.md), exactly like a customer's own backend.
 */
export interface EmbeddedApiOptions {
  databasePath: string;
  /** Lifetime of an access token (expires_in); an expired token answers 419. */
  tokenTtlS: number;
  /** Absolute lifetime: until then an expired token can still be refreshed (POST /refreshToken). */
  tokenAbsoluteTtlS: number;
  /** Test helpers under /api/dev (clone a demo user, …); only when API_DEV_ENDPOINTS=true. */
  devEndpoints: boolean;
  smtpUrl?: string;
  /** Base URL of the app, for the links in mails (reset, activation); resolved when a mail is written. */
  appBaseUrl: () => string;
  bodyLimitBytes: number;
  logger: Logger;
  /** Demo mode: the mail outbox is readable at GET /api/dev/outbox. */
  demoMode: boolean;
}

export interface EmbeddedApi {
  router: Router;
  close(): Promise<void>;
}

export async function createEmbeddedApi(options: EmbeddedApiOptions): Promise<EmbeddedApi> {
  const router = express.Router();
  router.use(express.json({ limit: options.bodyLimitBytes }));
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  });

  router.get("/getConfiguration", (req, res) => {
    const cstm = typeof req.query.cstm === "string" ? req.query.cstm : "";
    if (!cstm) return res.status(400).json({ status: "failed", error: "cstm is required" });
    const config = DEMO_CUSTOMERS[cstm];
    if (!config) return res.status(404).json({ status: "failed", error: "unknown customer" });
    res.json({ status: "success", config });
  });

  router.use((_req, res) => res.status(404).json({ status: "failed", error: "not found" }));

  return {
    router,
    async close() {},
  };
}
