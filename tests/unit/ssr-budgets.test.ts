import { describe, expect, it } from "vitest";
import { judge, medianOfRuns } from "../../bench/lib/budgets.mjs";

type Row = {
  name: string;
  calls: boolean;
  judged: number;
  callsRatio: number | null;
  p99: number;
  p99Reference: number | null;
  rps: number;
  errors: number;
  non2xx: number;
};

/** A row as bench/ssr-throughput writes it to --json (only the fields the budgets read). */
const row = (name: string, judged: number, p99Reference: number | null = 90, extra: Partial<Row> = {}): Row => ({
  name,
  calls: false,
  judged,
  callsRatio: name === "login" ? null : judged,
  p99: 110,
  p99Reference,
  rps: 200,
  errors: 0,
  non2xx: 0,
  ...extra,
});
const bare = { ...row("bare Remix", 1), callsRatio: null };
const callsRow = { ...row("bare Remix + calls of home", 1), calls: true };
const run = (upstream: string, ...rows: Row[]) => ({ upstream, rounds: 3, duration: 20, rows: [bare, callsRow, ...rows] });
const verdictOf = (verdicts: { ok: boolean; text: string }[], start: string) =>
  verdicts.filter((verdict) => verdict.text.startsWith(start)).map((verdict) => verdict.ok);

/** DESIGN §7's throughput lines as one run judges them, and a build judged on the median of runs (decision 206). */
describe("DESIGN §7's throughput budgets (decisions 203, 206)", () => {
  it("judges home with a separate upstream at 70 % of its calls row and its p99 on the reference core", () => {
    const verdicts = judge(run("separate", row("home", 0.69, 99), row("support", 0.61)).rows, "separate");
    expect(verdicts.map((verdict) => [verdict.page, verdict.ok])).toEqual([
      ["home", true], // every page ≥ 60 %
      ["support", true],
      ["home", false], // home ≥ 70 %
      ["home", true], // p99 99 ms on the reference core, though 110 ms as measured
    ]);
    expect(verdicts[2].text).toBe("home: ≥ 70 % of bare Remix with its calls (69 %, p99 110 ms)");
  });

  it("judges every page at half its baseline with the embedded API, and the p99 as measured when CPU was unread", () => {
    const verdicts = judge(run("embedded", row("home", 0.55, null), row("login", 0.49)).rows, "embedded");
    expect(verdicts.map((verdict) => [verdict.page, verdict.ok])).toEqual([
      ["home", true],
      ["login", false],
      ["home", false], // 110 ms as measured
    ]);
    expect(verdicts[2].text).toContain("CPU unread: judged as measured");
  });

  it("passes a build whose middle run meets the line though one run missed it", () => {
    const build = medianOfRuns([
      run("separate", row("home", 0.62, 104)),
      run("separate", row("home", 0.74, 95)),
      run("separate", row("home", 0.73, 88)),
    ]);
    expect(build.rows).toHaveLength(1);
    expect(build.rows[0].judged).toBe(0.73);
    expect(build.rows[0].p99Reference).toBe(95);
    expect(verdictOf(judge(build.rows, "separate"), "home")).toEqual([true, true, true]);
  });

  it("fails a build whose middle run misses, however well its best run did", () => {
    const build = medianOfRuns([
      run("separate", row("home", 0.53, 99)),
      run("separate", row("home", 0.8, 84)),
      run("separate", row("home", 0.65, 106)),
    ]);
    expect(verdictOf(judge(build.rows, "separate"), "home")).toEqual([true, false, true]);
  });

  it("takes the lower median of shares and the upper median of p99s from an even number of runs", () => {
    const build = medianOfRuns([
      run("embedded", row("home", 0.9, 80)),
      run("embedded", row("home", 0.6, 102)),
      run("embedded", row("home", 0.8, 90)),
      run("embedded", row("home", 0.7, 98)),
    ]);
    expect(build.rows[0].judged).toBe(0.7);
    expect(build.rows[0].p99Reference).toBe(98);
  });

  it("judges each page over the runs that have it and keeps each run's figures", () => {
    const build = medianOfRuns([
      run("separate", row("home", 0.7), row("login", 0.9)),
      run("separate", row("home", 0.8)),
      run("separate", row("home", 0.75)),
    ]);
    expect(build.rows.map((page) => [page.name, page.byRun.length, page.judged])).toEqual([
      ["home", 3, 0.75],
      ["login", 1, 0.9],
    ]);
  });

  it("sums errors over the runs, keeps the slowest run's req/s and judges as measured when a run lacks the CPU", () => {
    const build = medianOfRuns([
      run("separate", row("home", 0.8, 90, { errors: 2 })),
      run("separate", row("home", 0.8, null, { rps: 0 })),
      run("separate", row("home", 0.8, 90, { non2xx: 1 })),
    ]);
    expect(build.rows[0]).toMatchObject({ errors: 2, non2xx: 1, rps: 0, p99Reference: null });
    // No answers in one run: every line missed.
    expect(verdictOf(judge(build.rows, "separate"), "home")).toEqual([false, false, false]);
  });

  it("refuses runs of different upstream modes, and no runs at all", () => {
    expect(() => medianOfRuns([run("separate", row("home", 0.8)), run("embedded", row("home", 0.8))])).toThrow(
      "runs of different upstream modes (separate, embedded) cannot be judged together",
    );
    expect(() => medianOfRuns([])).toThrow("no runs to judge");
  });
});
