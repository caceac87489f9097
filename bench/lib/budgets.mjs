// DESIGN §7's throughput budgets as bench/ssr-throughput judges them, per upstream mode, and the verdict on a build
// from several runs of it (decision 206). Shared by bench/ssr-throughput (one run) and bench/ssr-runs (the median of
// runs), so that both judge the same lines.
import { median } from "./stats.mjs";

/**
 * @typedef {{ name: string, calls: boolean, judged: number, callsRatio: number | null, p99: number,
 *   p99Reference: number | null, rps: number, errors: number, non2xx: number }} Row a row of bench/ssr-throughput's
 *   --json, the fields read here
 * @typedef {Row & { byRun: Row[] }} BuildRow a page's row over several runs, with each run's own
 * @typedef {{ ok: boolean, page: string, text: string }} Verdict
 */

export const BARE = "bare Remix";
export const P99_LINE = "p99 ≤ 100 ms on the reference core";

/** Home's p99 judged on the reference core (decision 203), as measured where the CPU could not be read. */
const p99Met = (row) => (row.p99Reference ?? row.p99) <= 100;

/**
 * DESIGN §7's budgets per upstream mode (they replace decision 111's login 70 % / home 50 %): with the reference API in
 * the product's process (the stations' image) every applicant page at least half of its baseline's req/s and home's
 * p99 at most 100 ms; with a separate upstream (the product alone) every page at least 60 %, login and home 70 %.
 * `page` "*" means every applicant page, another value a page whose name starts with it. The baseline (decisions 199,
 * 200): the bare Remix page making the page's upstream calls where the page makes any, bare Remix itself where it
 * makes none; `row.judged` is the page's share of it.
 */
export function budgetsFor(upstream) {
  return upstream === "embedded"
    ? [
        { page: "*", share: 0.5 },
        { page: "home", label: P99_LINE, check: p99Met },
      ]
    : [
        { page: "*", share: 0.6 },
        { page: "login", share: 0.7 },
        { page: "home", share: 0.7 },
        { page: "home", label: P99_LINE, check: p99Met },
      ];
}

/** The rows a budget judges: the applicant pages, not bare Remix, the calls rows or the "before" build's rows. */
export const measuredRows = (rows) => rows.filter((row) => row.name !== BARE && !row.calls && !row.name.endsWith("(before)"));

/**
 * Every budget's verdict on the measured rows, in the order of `budgetsFor`: `{ ok, page, text }` where `text` says
 * the line and the figure (a row without answers misses every line).
 * @param {Row[]} rows
 * @param {string} upstream
 * @returns {Verdict[]}
 */
export function judge(rows, upstream) {
  /** @type {Verdict[]} */
  const verdicts = [];
  for (const budget of budgetsFor(upstream)) {
    for (const row of measuredRows(rows).filter((candidate) => budget.page === "*" || candidate.name.startsWith(budget.page))) {
      const baseline = row.callsRatio === null ? "bare Remix" : "bare Remix with its calls";
      const label = budget.share ? `≥ ${budget.share * 100} % of ${baseline}` : budget.label;
      const ok = budget.share ? row.judged >= budget.share : budget.check(row);
      const onReference = budget.share
        ? ""
        : row.p99Reference === null
          ? ", CPU unread: judged as measured"
          : `, ${row.p99Reference.toFixed(1)} ms on the reference core`;
      verdicts.push({
        ok: row.rps > 0 && ok,
        page: row.name,
        text: `${row.name}: ${label} (${(row.judged * 100).toFixed(0)} %, p99 ${row.p99} ms${onReference})`,
      });
    }
  }
  return verdicts;
}

/** The upper median: of an even count the larger middle value (the lower one is stats.mjs's `median`). */
const upperMedian = (values) => [...values].sort((a, b) => a - b)[Math.ceil((values.length - 1) / 2)];

/**
 * A build's rows from several runs of bench/ssr-throughput (their `--json`, decision 206): per measured page, over the
 * runs that have it, the lower median of the judged shares, the upper median of the p99s (as measured and on the
 * reference core), the lowest req/s and the sum of errors and non-2xx answers, so that `judge` applied to them judges
 * the build. `byRun` keeps each run's figures. Throws when the runs were made in different upstream modes.
 * @param {{ upstream: string, rows: Row[] }[]} runs
 * @returns {{ upstream: string, rows: BuildRow[] }}
 */
export function medianOfRuns(runs) {
  if (runs.length === 0) throw new Error("no runs to judge");
  const modes = [...new Set(runs.map((run) => run.upstream))];
  if (modes.length > 1) throw new Error(`runs of different upstream modes (${modes.join(", ")}) cannot be judged together`);
  const names = [...new Set(runs.flatMap((run) => measuredRows(run.rows).map((row) => row.name)))];
  const rows = names.map((name) => {
    const byRun = runs.map((run) => run.rows.find((row) => row.name === name)).filter(Boolean);
    const p99References = byRun.map((row) => row.p99Reference);
    return {
      name,
      calls: false,
      byRun,
      callsRatio: byRun.every((row) => row.callsRatio !== null) ? median(byRun.map((row) => row.callsRatio)) : null,
      judged: median(byRun.map((row) => row.judged)),
      p99: upperMedian(byRun.map((row) => row.p99)),
      // Judged as measured (decision 203's fallback) if any run could not read the CPU.
      p99Reference: p99References.every((value) => value !== null) ? upperMedian(p99References) : null,
      rps: Math.min(...byRun.map((row) => row.rps)),
      errors: byRun.reduce((sum, row) => sum + row.errors, 0),
      non2xx: byRun.reduce((sum, row) => sum + row.non2xx, 0),
    };
  });
  return { upstream: modes[0], rows };
}
