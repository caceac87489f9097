import { describe, expect, it } from "vitest";
import { createWorkLimiter, WorkQueueFullError } from "../../api/auth/work-limiter";

/** Decision 092: scrypt work runs at most two at a time; a full queue refuses at once. */
function task(log: string[], name: string, release: Promise<void>) {
  return async () => {
    log.push(`start ${name}`);
    await release;
    log.push(`end ${name}`);
    return name;
  };
}

describe("decision 092: work limiter", () => {
  it("runs at most `concurrency` tasks at once, the others in the order they came", async () => {
    const limiter = createWorkLimiter({ concurrency: 2, maxWaiting: 10 });
    const log: string[] = [];
    const releases: (() => void)[] = [];
    const gates = Array.from({ length: 5 }, () => new Promise<void>((resolve) => releases.push(resolve)));
    const results = gates.map((gate, index) => limiter.run(task(log, String(index), gate)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(["start 0", "start 1"]);
    expect(limiter.stats).toMatchObject({ active: 2, waiting: 3 });
    releases[1]();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(["start 0", "start 1", "end 1", "start 2"]);
    releases.forEach((release) => release());
    expect(await Promise.all(results)).toEqual(["0", "1", "2", "3", "4"]);
    expect(limiter.stats).toEqual({ active: 0, waiting: 0, peak: 2 });
  });

  it("a failing task frees its place; a full queue is refused without waiting", async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxWaiting: 1 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = limiter.run(async () => {
      await gate;
      throw new Error("boom");
    });
    const second = limiter.run(async () => "second");
    await expect(limiter.run(async () => "third")).rejects.toBeInstanceOf(WorkQueueFullError);
    release();
    await expect(first).rejects.toThrow("boom");
    expect(await second).toBe("second");
    expect(await limiter.run(async () => "fourth")).toBe("fourth");
  });
});
