import type { RateLimiter } from "../app/context";

/** Hard bound of the counter map: user names tried are attacker-chosen, so the map must not grow with them. */
export const RATE_LIMIT_MAX_KEYS = 100_000;

/**
 * Fixed-window attempt counter for login, registration and password POSTs (DESIGN §8), keyed by
 * account and by client. At most `maxKeys` counters are kept: the map is in window order (a new
 * window re-inserts its key), so the first entries are the oldest; expired ones are dropped from the
 * front as they come, and at the bound the oldest live one is evicted.
 */
export function createRateLimiter(maxAttempts: number, windowS: number, maxKeys = RATE_LIMIT_MAX_KEYS): RateLimiter & { readonly size: number } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const dropExpired = (now: number) => {
    for (const [key, window] of windows) {
      if (window.resetAt > now) break;
      windows.delete(key);
    }
  };
  return {
    maxAttempts,
    get size() {
      return windows.size;
    },
    hit(keys) {
      const now = Date.now();
      dropExpired(now);
      let limited = false;
      for (const { key, limit } of keys) {
        let window = windows.get(key);
        if (!window || window.resetAt <= now) {
          windows.delete(key);
          while (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
          window = { count: 0, resetAt: now + windowS * 1000 };
          windows.set(key, window);
        }
        window.count++;
        if (window.count > limit) limited = true;
      }
      return limited;
    },
    reset(keys) {
      for (const key of keys) windows.delete(key);
    },
  };
}
