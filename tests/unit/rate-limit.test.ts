import { afterEach, describe, expect, it, vi } from "vitest";
import { createRateLimiter, RATE_LIMIT_MAX_KEYS } from "../../server/rate-limit";

afterEach(() => vi.useRealTimers());

const hit = (limiter: ReturnType<typeof createRateLimiter>, key: string, limit = 2) => limiter.hit([{ key, limit }]);

describe("rate-limit counters (issue 10)", () => {
  it("counts per key within the window and starts again after it", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const limiter = createRateLimiter(2, 60);
    expect([hit(limiter, "a"), hit(limiter, "a"), hit(limiter, "a")]).toEqual([false, false, true]);
    expect(hit(limiter, "b")).toBe(false);
    vi.setSystemTime(Date.now() + 61_000);
    expect(hit(limiter, "a")).toBe(false);
  });

  it("the counter map has a hard bound: a flood of distinct user names evicts the oldest counters, not memory", () => {
    const limiter = createRateLimiter(2, 300);
    for (let n = 0; n < RATE_LIMIT_MAX_KEYS + 50_000; n++) hit(limiter, `login:demo:account:user-${n}`);
    expect(limiter.size).toBe(RATE_LIMIT_MAX_KEYS);
  });

  it("at the bound the oldest window goes first; the newest counters keep counting", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const limiter = createRateLimiter(1, 300, 3);
    hit(limiter, "old", 1);
    vi.setSystemTime(Date.now() + 1000);
    hit(limiter, "mid", 1);
    hit(limiter, "new", 1);
    hit(limiter, "newest", 1); // evicts "old"
    expect(limiter.size).toBe(3);
    expect(hit(limiter, "new", 1)).toBe(true);
    expect(hit(limiter, "newest", 1)).toBe(true);
    // "old" was forgotten: it starts a fresh window (evicting "mid", now the oldest).
    expect(hit(limiter, "old", 1)).toBe(false);
    expect(limiter.size).toBe(3);
    expect(hit(limiter, "mid", 1)).toBe(false);
  });

  it("expired windows are dropped as time passes", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const limiter = createRateLimiter(1, 60);
    for (let n = 0; n < 100; n++) hit(limiter, `k${n}`);
    vi.setSystemTime(Date.now() + 61_000);
    hit(limiter, "fresh");
    expect(limiter.size).toBe(1);
  });
});
