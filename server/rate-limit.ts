import type { RateLimiter } from "../app/context";

/**
 * Fixed-window attempt counter for login, registration and password POSTs (DESIGN §8), keyed by
 * account and by client. Bounded in size; counts are per process (behind a load balancer each
 * instance limits on its own, which only makes the limit stricter per instance).
 */
export function createRateLimiter(maxAttempts: number, windowS: number, maxKeys = 50_000): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };
  return {
    maxAttempts,
    hit(keys) {
      const now = Date.now();
      if (windows.size > maxKeys) sweep(now);
      let limited = false;
      for (const { key, limit } of keys) {
        let window = windows.get(key);
        if (!window || window.resetAt <= now) {
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
