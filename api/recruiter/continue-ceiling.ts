import { createHash } from "node:crypto";
import type { Logger } from "pino";
import type { Db } from "../db/connection";

/**
 * The per-customer ceiling of wrong continue codes (docs/decisions/170). Each client address is held to
 * 10 wrong codes in 5 minutes (api/recruiter/continue.ts); this ceiling holds all addresses together at
 * one customer, so many addresses cannot guess the customer's live codes either: at `max` wrong codes
 * within the last `windowS` seconds (a sliding window), every code at that customer waits until enough of
 * them have left the window. One address alone reaches at most 30 in 15 minutes, well under the default
 * 100, so it cannot lock a test centre out.
 *
 * The wrong codes live in the API's SQLite file (migration 13), shared by every process on the file, as
 * the request limits do (decision 103): the customer, a hash of the client address (to count addresses,
 * never to name them) and the time. A customer's rows older than the window go at its next wrong code,
 * and a blocked customer records nothing, so each customer holds at most about `max` rows.
 *
 * Reaching the ceiling writes one warning line support can alert on: the customer and the counts, never
 * a code, a user name or an address; at most one a minute per customer and process.
 */
export interface ContinueCodeCeilingSettings {
  /** Wrong codes at one customer, from all addresses, within `windowS`. */
  max: number;
  windowS: number;
}

export const DEFAULT_CONTINUE_CODE_CEILING: ContinueCodeCeilingSettings = { max: 100, windowS: 15 * 60 };

const ALERT_INTERVAL_MS = 60_000;

export interface ContinueCodeCeiling {
  readonly settings: ContinueCodeCeilingSettings;
  /** Whether the customer is at its ceiling now (then every code there waits). */
  reached(cstm: string): boolean;
  /** Records one wrong code at the customer from the client address. */
  failed(cstm: string, client: string): void;
}

export function createContinueCodeCeiling(
  db: Db,
  settings: ContinueCodeCeilingSettings,
  nowMs: () => number,
  logger: Logger,
): ContinueCodeCeiling {
  const windowMs = settings.windowS * 1000;
  const count = db.prepare<[string, number], { n: number }>(
    "SELECT COUNT(*) AS n FROM continue_code_failures WHERE cstm = ? AND at_ms > ?",
  );
  const purge = db.prepare<[string, number]>("DELETE FROM continue_code_failures WHERE cstm = ? AND at_ms <= ?");
  const insert = db.prepare<[string, string, number]>("INSERT INTO continue_code_failures (cstm, client_key, at_ms) VALUES (?, ?, ?)");
  const window = db.prepare<[string, number], { n: number; clients: number; oldest: number }>(
    "SELECT COUNT(*) AS n, COUNT(DISTINCT client_key) AS clients, MIN(at_ms) AS oldest FROM continue_code_failures WHERE cstm = ? AND at_ms > ?",
  );
  const lastAlert = new Map<string, number>();

  const record = db.transaction((cstm: string, client: string, now: number) => {
    purge.run(cstm, now - windowMs);
    insert.run(cstm, createHash("sha256").update(client).digest("base64url").slice(0, 22), now);
    return window.get(cstm, now - windowMs)!;
  });

  return {
    settings,
    reached: (cstm) => count.get(cstm, nowMs() - windowMs)!.n >= settings.max,
    failed(cstm, client) {
      const now = nowMs();
      const { n, clients, oldest } = record.immediate(cstm, client, now);
      if (n < settings.max || now - (lastAlert.get(cstm) ?? -Infinity) < ALERT_INTERVAL_MS) return;
      lastAlert.set(cstm, now);
      logger.warn(
        {
          continueCodeCeiling: {
            cstm,
            wrongCodes: n,
            clients,
            max: settings.max,
            windowS: settings.windowS,
            // Until the oldest wrong codes leave the window and the customer takes codes again.
            blockedForS: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
          },
        },
        "continue codes: a customer reached its ceiling of wrong codes; its codes wait",
      );
    },
  };
}
