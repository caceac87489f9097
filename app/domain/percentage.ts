/** Shared by containers (R-CONT-03) and overall progress; its own module so neither imports the other. */

/**
 * A share as a whole percentage, rounded down so that 100 % shows only when everything is done
 * (docs/decisions/023). Nothing to do at all counts as 0 %.
 */
export function percentage(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((Math.min(done, total) / total) * 100);
}
