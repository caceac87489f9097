import type { Logger } from "pino";
import type { FailureThrottle } from "./auth/throttle";
import type { TokenService } from "./auth/tokens";
import type { Db } from "./db/connection";
import type { Outbox } from "./mail/outbox";
import type { Catalogue } from "./store/catalogue";

/** What every route module gets: storage, the catalogue, tokens, the outbox and the options. */
export interface ApiContext {
  db: Db;
  catalogue: Catalogue;
  tokens: TokenService;
  /** Wrong passwords per account (login calls answer 429 after too many). */
  loginThrottle: FailureThrottle;
  outbox: Outbox;
  logger: Logger;
  appBaseUrl: () => string;
  /** DEMO_MODE: demo users seeded, /api/dev/* served. */
  demoMode: boolean;
  now: () => Date;
}
