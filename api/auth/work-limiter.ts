/**
 * At most `concurrency` tasks at once, the rest wait in order (decision 092): scrypt runs on libuv's
 * thread pool (4 threads), which file and DNS work share, so a burst of logins must never take all
 * of it. A queue longer than `maxWaiting` refuses new work at once instead of letting the wait grow
 * without bound.
 */
export class WorkQueueFullError extends Error {
  constructor() {
    super("too much work waiting");
    this.name = "WorkQueueFullError";
  }
}

export interface WorkLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now, tasks waiting, and the most that ever ran at once. */
  readonly stats: { active: number; waiting: number; peak: number };
}

export function createWorkLimiter(options: { concurrency: number; maxWaiting: number }): WorkLimiter {
  const waiting: (() => void)[] = [];
  const stats = { active: 0, waiting: 0, peak: 0 };

  const next = () => {
    const start = waiting.shift();
    stats.waiting = waiting.length;
    start?.();
  };

  return {
    stats,
    async run(task) {
      if (stats.active >= options.concurrency) {
        if (waiting.length >= options.maxWaiting) throw new WorkQueueFullError();
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          stats.waiting = waiting.length;
        });
      }
      stats.active++;
      stats.peak = Math.max(stats.peak, stats.active);
      try {
        return await task();
      } finally {
        stats.active--;
        next();
      }
    },
  };
}
