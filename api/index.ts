import { COST, setHashCost } from "./auth/passwords";
import express, { type Router } from "express";
import type { Logger } from "pino";
import {
  createRequestLimiter,
  DEFAULT_REQUEST_LIMITS,
  socketClientAddress,
  type ClientAddress,
  type RequestLimitSettings,
} from "./auth/request-limits";
import { createFailureThrottle } from "./auth/throttle";
import { createTokenService } from "./auth/tokens";
import type { ApiContext } from "./context";
import { openDatabase } from "./db/connection";
import { migrate } from "./db/migrations";
import { requireDatabaseMode, seedDatabase } from "./db/seed";
import { notFound } from "./http/errors";
import { errorHandler, refuseNonJsonBodies } from "./http/handlers";
import { DEFAULT_JOB_SETTINGS, startJobs, type JobSettings } from "./jobs/scheduler";
import { createOutbox } from "./mail/outbox";
import { applicantRoutes } from "./routes/applicant";
import { configurationRoutes } from "./routes/configuration";
import { customRoutes } from "./routes/custom";
import { dashboardRoutes } from "./routes/dashboard";
import { devRoutes } from "./routes/dev";
import { engineRoutes } from "./routes/engine";
import { formsRoutes } from "./routes/forms";
import { mediaRoutes } from "./routes/media";
import { modulesRoutes } from "./routes/modules";
import { passwordRoutes } from "./routes/passwords";
import { purgeExpiredImports } from "./recruiter/import";
import { recruiterExportRoutes } from "./recruiter/export";
import { DEFAULT_RECRUITER_LIMITS, type RecruiterLimitSettings } from "./recruiter/limits";
import { recruiterRoutes } from "./routes/recruiter";
import { registrationRoutes } from "./routes/registration";
import { reportRoutes } from "./routes/report";
import { sessionRoutes } from "./routes/session";
import { trackingRoutes } from "./routes/tracking";
import { createContinueCodeCeiling, DEFAULT_CONTINUE_CODE_CEILING, type ContinueCodeCeilingSettings } from "./recruiter/continue-ceiling";
import { loadCatalogue } from "./store/catalogue";

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
  smtpUrl?: string;
  /** Base URL of the app, for the links in mails (reset, activation); resolved when a mail is written. */
  appBaseUrl: () => string;
  bodyLimitBytes: number;
  logger: Logger;
  /**
   * Demo mode (DEMO_MODE=true, docs/decisions/090): the demo users are seeded and /api/dev/* is
   * served (the mail outbox, clone-user, publish-statement). Without it: the catalogue and no
   * accounts, and /api/dev/* is an unknown path (404).
   */
  demoMode: boolean;
  /** The clock (tests move it to expire tokens and links); defaults to the system clock. */
  now?: () => Date;
  /**
   * Limits of resetPassword*, register, registerAnon and the newsletter sign-up per client and per
   * target (docs/decisions/103); unset fields take DEFAULT_REQUEST_LIMITS.
   */
  requestLimits?: Partial<RequestLimitSettings>;
  /**
   * The client address a request counts against; defaults to Express's req.ip. server/services.ts names
   * the visitor's address for the app's own calls over its internal listener.
   */
  clientAddress?: ClientAddress;
  /** scrypt cost of new password hashes as log2(N) (default 17, OWASP; docs/decisions/092). */
  scryptLog2N?: number;
  /** Wrong continue codes per customer and window (docs/decisions/170); unset fields take the defaults. */
  continueCodeCeiling?: Partial<ContinueCodeCeilingSettings>;
  /** Limits of the recruiter calls of docs/decisions/171; default DEFAULT_RECRUITER_LIMITS. */
  recruiterLimits?: RecruiterLimitSettings;
  /** How often ended imports are swept out (default SWEEP_INTERVAL_MS; tests shorten it). */
  sweepIntervalMs?: number;
  /** Reminders and retention (docs/decisions/186, 187); unset fields take DEFAULT_JOB_SETTINGS. */
  jobs?: Partial<JobSettings>;
}

/** Ended imports' rows outlive their hour by at most this much when nobody imports (decision 171). */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface EmbeddedApi {
  router: Router;
  close(): Promise<void>;
}

export async function createEmbeddedApi(options: EmbeddedApiOptions): Promise<EmbeddedApi> {
  if (options.scryptLog2N !== undefined) setHashCost({ N: 2 ** options.scryptLog2N, r: COST.r, p: COST.p });
  const db = openDatabase(options.databasePath);
  try {
    const applied = migrate(db);
    requireDatabaseMode(db, options.demoMode, options.databasePath);
    const seeded = await seedDatabase(db, { demoMode: options.demoMode, appBaseUrl: options.appBaseUrl });
    options.logger.info(
      { migrationsApplied: applied, seeded, demoMode: options.demoMode },
      options.demoMode ? "embedded API database ready (demo mode)" : "embedded API database ready (no demo accounts)",
    );
  } catch (error) {
    db.close();
    throw error;
  }

  const now = options.now ?? (() => new Date());
  const outbox = createOutbox(db, {
    smtpUrl: options.smtpUrl,
    appBaseUrl: options.appBaseUrl,
    logger: options.logger,
    keepLinkSecrets: options.demoMode,
  });
  if (!options.demoMode && !options.smtpUrl) {
    options.logger.warn("SMTP_URL is not set: the embedded API's activation and password-reset mails are not delivered");
  }
  const ctx: ApiContext = {
    db,
    catalogue: loadCatalogue(db),
    tokens: createTokenService(db, {
      ttlS: options.tokenTtlS,
      absoluteTtlS: options.tokenAbsoluteTtlS,
      nowS: () => Math.floor(now().getTime() / 1000),
    }),
    loginThrottle: createFailureThrottle({ maxFailures: 10, windowS: 5 * 60, nowMs: () => now().getTime() }),
    requestLimits: createRequestLimiter(db, { ...DEFAULT_REQUEST_LIMITS, ...options.requestLimits }, () => now().getTime()),
    recruiterLimits: options.recruiterLimits ?? DEFAULT_RECRUITER_LIMITS,
    clientAddress: options.clientAddress ?? socketClientAddress,
    continueCodeCeiling: createContinueCodeCeiling(
      db,
      { ...DEFAULT_CONTINUE_CODE_CEILING, ...options.continueCodeCeiling },
      () => now().getTime(),
      options.logger,
    ),
    outbox,
    logger: options.logger,
    appBaseUrl: options.appBaseUrl,
    demoMode: options.demoMode,
    jobs: { ...DEFAULT_JOB_SETTINGS, ...options.jobs },
    now,
  };

  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    next();
  });
  router.use(express.json({ limit: options.bodyLimitBytes }));
  router.use(refuseNonJsonBodies);

  configurationRoutes(router, ctx);
  sessionRoutes(router, ctx);
  registrationRoutes(router, ctx);
  passwordRoutes(router, ctx);
  dashboardRoutes(router, ctx);
  applicantRoutes(router, ctx);
  modulesRoutes(router, ctx);
  formsRoutes(router, ctx);
  engineRoutes(router, ctx);
  reportRoutes(router, ctx);
  trackingRoutes(router, ctx);
  customRoutes(router, ctx);
  recruiterRoutes(router, ctx);
  recruiterExportRoutes(router, ctx);
  mediaRoutes(router, ctx);
  devRoutes(router, ctx);

  router.use((_req, _res, next) => next(notFound("not_found")));
  router.use(errorHandler(options.logger));

  // Staged import rows (names, e-mail addresses) are deleted when their hour ends even if no import
  // call comes to do it (docs/decisions/171).
  const sweep = () => {
    try {
      const removed = purgeExpiredImports(ctx);
      if (removed > 0) options.logger.info({ removed }, "ended recruiter imports purged");
    } catch (error) {
      options.logger.error({ err: error }, "recruiter import purge failed");
    }
  };
  sweep();
  const sweepTimer = setInterval(sweep, options.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
  sweepTimer.unref();
  const jobTimer = startJobs(ctx);

  return {
    router,
    async close() {
      clearInterval(sweepTimer);
      await jobTimer.stop();
      await outbox.close();
      db.close();
    },
  };
}
