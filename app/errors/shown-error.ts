import type { ErrorCode } from "./catalogue";

/** One error to show: its code and the values its texts and link need (e.g. profileId for C22/C23). */
export interface ShownError {
  code: ErrorCode;
  params?: Record<string, string>;
  /** This occurrence is recorded but not shown (spec §8 "suppress"). */
  suppress?: boolean;
}
