import type { Logger } from "pino";
import type { TokenService } from "./auth/tokens";
import type { Db } from "./db/connection";
import type { Outbox } from "./mail/outbox";
import type { Catalogue } from "./store/catalogue";

/** What every route module gets: storage, the catalogue, tokens, the outbox and the options. */
export interface ApiContext {
  db: Db;
  catalogue: Catalogue;
  tokens: TokenService;
  outbox: Outbox;
  logger: Logger;
  appBaseUrl: () => string;
  devEndpoints: boolean;
  demoMode: boolean;
  now: () => Date;
}
