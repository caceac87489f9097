import { describe, expect, it } from "vitest";
import { REFERENCE_BARE_CPU_MS, p99OnReferenceCore } from "../../bench/lib/reference-core.mjs";

/** bench/ssr-throughput judges home's p99 on the reference core (decision 203): what it scales, and when it cannot. */
describe("home's p99 on the reference core (decision 203)", () => {
  it("scales each window by its own pair: a core twice as slow halves the figure", () => {
    const slow = REFERENCE_BARE_CPU_MS * 2;
    expect(p99OnReferenceCore([{ p99: 180 }], [{ cpuMs: slow }])).toBeCloseTo(90);
  });

  it("tightens the figure on a core faster than the reference", () => {
    expect(p99OnReferenceCore([{ p99: 90 }], [{ cpuMs: REFERENCE_BARE_CPU_MS / 2 }])).toBeCloseTo(180);
  });

  it("takes the median of the windows after scaling, each against the bare Remix window right before it", () => {
    // As measured the p99s are 100, 150, 120; scaled by their own pairs they are 100, 75, 120: the median is 100,
    // where scaling the median p99 (120) by the median pair (1.84 ms) would give 120.
    const windows = [{ p99: 100 }, { p99: 150 }, { p99: 120 }];
    const pairs = [{ cpuMs: REFERENCE_BARE_CPU_MS }, { cpuMs: REFERENCE_BARE_CPU_MS * 2 }, { cpuMs: REFERENCE_BARE_CPU_MS }];
    expect(p99OnReferenceCore(windows, pairs)).toBeCloseTo(100);
  });

  it("gives no figure when a pair's CPU could not be read or the rounds do not line up", () => {
    expect(p99OnReferenceCore([{ p99: 100 }, { p99: 90 }], [{ cpuMs: 2 }, { cpuMs: null }])).toBeNull();
    expect(p99OnReferenceCore([{ p99: 100 }], [{ cpuMs: 0 }])).toBeNull();
    expect(p99OnReferenceCore([{ p99: 100 }, { p99: 90 }], [{ cpuMs: 2 }])).toBeNull();
    expect(p99OnReferenceCore([], [])).toBeNull();
  });
});
