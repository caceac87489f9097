import { createHash } from "node:crypto";
import type { Request } from "express";
import type { Db } from "../db/connection";
import { ApiError } from "../http/errors";

/**
 * Request limits of the calls that send mail or create accounts without a token
 * (docs/decisions/103): resetPassword, resetPasswordByUserName, register, registerAnon and the
 * newsletter sign-up. /api is public (server.ts mounts it), so the app's own limits do not protect
 * it: without these, anyone could mail-bomb an address through the reset call or burn scrypt CPU
 * with registrations.
 *
 * Two fixed-window counters per call: one per client address (per kind of call) and one per target
 * (the e-mail address or user name the call is about, lower-cased). Both count every call that
 * reaches them; a call over either limit answers 429 `too_many_requests` with Retry-After.
 *
 * The counters live in the API's SQLite file (table request_limits, migration 5): they survive a
 * restart and are shared by every process on the file. Keys are SHA-256 hashes (an e-mail address
 * has no business in a storage key) and the table holds at most `maxKeys` rows: when a new counter
 * would pass the bound, ended windows go first, then the oldest ones. Targets are chosen by the
 * caller, so storage must not grow with them.
 */
export interface RequestLimitSettings {
  /** Calls per client address and kind of call within `clientWindowS`. */
  clientMax: number;
  clientWindowS: number;
  /** Calls per target (e-mail / user name) within `targetWindowS`. */
  targetMax: number;
  targetWindowS: number;
  /** Hard bound of the counter rows. */
  maxKeys: number;
}

export const DEFAULT_REQUEST_LIMITS: RequestLimitSettings = {
  clientMax: 30,
  clientWindowS: 10 * 60,
  targetMax: 5,
  targetWindowS: 60 * 60,
  maxKeys: 100_000,
};

export interface LimitKey {
  key: string;
  limit: number;
  windowS: number;
}

export interface RequestLimiter {
  readonly settings: RequestLimitSettings;
  /** Counts one call on every key; over any limit: the seconds until the last exceeded window ends. */
  hit(keys: readonly LimitKey[]): { limited: false } | { limited: true; retryAfterS: number };
  /** Keys per client and per target for one kind of call. */
  keysFor(kind: string, client: string, target?: string): LimitKey[];
  /** Counts the call; throws the 429 when it is over a limit. */
  enforce(kind: string, client: string, target?: string): void;
}

/** The 429 of docs/api.md, with the seconds to wait (the error middleware writes Retry-After). */
export class TooManyRequestsError extends ApiError {
  constructor(readonly retryAfterS: number) {
    super(429, "too_many_requests");
  }
}

export function limitKeyId(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

export function createRequestLimiter(db: Db, settings: RequestLimitSettings, nowMs: () => number): RequestLimiter {
  const insertNew = db.prepare<[string, number]>(
    "INSERT INTO request_limits (id, count, reset_at) VALUES (?, 1, ?) ON CONFLICT (id) DO NOTHING",
  );
  const bump = db.prepare<[number, number, number, string], { count: number; reset_at: number }>(
    `UPDATE request_limits SET
       count = CASE WHEN reset_at <= ? THEN 1 ELSE count + 1 END,
       reset_at = CASE WHEN reset_at <= ? THEN ? ELSE reset_at END
     WHERE id = ? RETURNING count, reset_at`,
  );
  const rows = db.prepare<[], { value: number }>("SELECT value FROM request_limit_meta WHERE name = 'rows'");
  const addRows = db.prepare<[number]>("UPDATE request_limit_meta SET value = value + ? WHERE name = 'rows'");
  const dropEnded = db.prepare<[number]>("DELETE FROM request_limits WHERE reset_at <= ?");
  const dropOldest = db.prepare<[number]>(
    "DELETE FROM request_limits WHERE id IN (SELECT id FROM request_limits ORDER BY reset_at, id LIMIT ?)",
  );

  // The row count is recounted once at start, so it can never drift for long.
  db.transaction(() => {
    db.prepare("INSERT OR REPLACE INTO request_limit_meta (name, value) VALUES ('rows', (SELECT count(*) FROM request_limits))").run();
  }).immediate();

  const hitAll = db.transaction((keys: readonly LimitKey[], now: number) => {
    let retryAtMs = 0;
    let added = 0;
    for (const { key, limit, windowS } of keys) {
      const id = limitKeyId(key);
      const resetAt = now + windowS * 1000;
      let count = 1;
      let windowEnd = resetAt;
      if (insertNew.run(id, resetAt).changes === 1) added++;
      else ({ count, reset_at: windowEnd } = bump.get(now, now, resetAt, id)!);
      if (count > limit) retryAtMs = Math.max(retryAtMs, windowEnd);
    }
    if (added > 0) {
      addRows.run(added);
      if (rows.get()!.value > settings.maxKeys) {
        addRows.run(-dropEnded.run(now).changes);
        const excess = rows.get()!.value - settings.maxKeys;
        if (excess > 0) addRows.run(-dropOldest.run(excess).changes);
      }
    }
    return retryAtMs;
  });

  const limiter: RequestLimiter = {
    settings,
    hit(keys) {
      const now = nowMs();
      const retryAtMs = hitAll.immediate(keys, now);
      return retryAtMs === 0 ? { limited: false } : { limited: true, retryAfterS: Math.max(1, Math.ceil((retryAtMs - now) / 1000)) };
    },
    keysFor(kind, client, target) {
      const keys: LimitKey[] = [{ key: `${kind}:client:${client}`, limit: settings.clientMax, windowS: settings.clientWindowS }];
      if (target !== undefined) {
        keys.push({ key: `${kind}:target:${target.trim().toLowerCase()}`, limit: settings.targetMax, windowS: settings.targetWindowS });
      }
      return keys;
    },
    enforce(kind, client, target) {
      const result = limiter.hit(limiter.keysFor(kind, client, target));
      if (result.limited) throw new TooManyRequestsError(result.retryAfterS);
    },
  };
  return limiter;
}

/** The client's address as Express sees it (`trust proxy` of the app that mounts the API). */
export function socketClientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

export type ClientAddress = (req: Request) => string;

/** The seconds of a limited answer's Retry-After (the error middleware writes the header). */
export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof TooManyRequestsError ? error.retryAfterS : undefined;
}
