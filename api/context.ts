import type { Logger } from "pino";
import type { ClientAddress, RequestLimiter } from "./auth/request-limits";
import type { FailureThrottle } from "./auth/throttle";
import type { RecruiterLimitSettings } from "./recruiter/limits";
import type { TokenService } from "./auth/tokens";
import type { Db } from "./db/connection";
import type { JobSettings } from "./jobs/scheduler";
import type { Outbox } from "./mail/outbox";
import type { ContinueCodeCeiling } from "./recruiter/continue-ceiling";
import type { Catalogue } from "./store/catalogue";

/** What every route module gets: storage, the catalogue, tokens, the outbox and the options. */
export interface ApiContext {
  db: Db;
  catalogue: Catalogue;
  tokens: TokenService;
  /** Wrong passwords per account (login calls answer 429 after too many). */
  loginThrottle: FailureThrottle;
  /** Calls per client and per target of the mail and registration calls (429 after too many). */
  requestLimits: RequestLimiter;
  /** Recruiter calls per recruiter, customer and applicant (docs/decisions/171), counted in requestLimits' store. */
  recruiterLimits: RecruiterLimitSettings;
  /** The address a request counts against (the app's own calls name their visitor's). */
  clientAddress: ClientAddress;
  /** Wrong continue codes per customer, from all addresses (docs/decisions/170). */
  continueCodeCeiling: ContinueCodeCeiling;
  outbox: Outbox;
  logger: Logger;
  appBaseUrl: () => string;
  /** DEMO_MODE: demo users seeded, /api/dev/* served. */
  demoMode: boolean;
  /** The scheduled jobs' interval and the default retention period (docs/decisions/186, 187). */
  jobs: JobSettings;
  now: () => Date;
}
