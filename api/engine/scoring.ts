/**
 * Scale score and norm value of a completed engine session (docs/api.md, Scoring): the score is the
 * sum of the five Likert answers (5–25); the norm value is a stanine against the demo norm
 * (mean 15, standard deviation 4).
 */
export const ITEM_COUNT = 5;
export const MAX_SCORE = ITEM_COUNT * 5;
const NORM_MEAN = 15;
const NORM_SD = 4;

export function scaleScore(answers: number[]): number {
  return answers.reduce((sum, value) => sum + value, 0);
}

export function normValue(score: number): number {
  return Math.min(9, Math.max(1, Math.round(5 + (2 * (score - NORM_MEAN)) / NORM_SD)));
}
