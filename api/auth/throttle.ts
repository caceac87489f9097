/**
 * Failed-login throttle per account. /api is reachable directly (server.ts mounts it publicly), so
 * the app's own rate limit does not protect it; and every attempt costs a scrypt derivation. After
 * `maxFailures` wrong passwords within the window, further attempts for that account answer 429
 * without deriving anything, until the window ends. Per process, bounded in size.
 */
export interface FailureThrottle {
  blocked(key: string): boolean;
  failed(key: string): void;
  succeeded(key: string): void;
}

export function createFailureThrottle(options: {
  maxFailures: number;
  windowS: number;
  nowMs: () => number;
  maxKeys?: number;
}): FailureThrottle {
  const windows = new Map<string, { failures: number; resetAt: number }>();
  const maxKeys = options.maxKeys ?? 10_000;
  const current = (key: string) => {
    const window = windows.get(key);
    if (window && window.resetAt <= options.nowMs()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  return {
    blocked: (key) => (current(key)?.failures ?? 0) >= options.maxFailures,
    failed(key) {
      const now = options.nowMs();
      if (windows.size >= maxKeys) for (const [name, window] of windows) if (window.resetAt <= now) windows.delete(name);
      if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
      const window = current(key) ?? { failures: 0, resetAt: now + options.windowS * 1000 };
      window.failures++;
      windows.set(key, window);
    },
    succeeded: (key) => void windows.delete(key),
  };
}
