/**
 * Progress (spec §4, R-CONT-03): per container and overall.
 */

/**
 * A share as a whole percentage, rounded down so that 100 % shows only when everything is done
 * (docs/decisions/023). Nothing to do at all counts as 0 %.
 */
export function percentage(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((Math.min(done, total) / total) * 100);
}
