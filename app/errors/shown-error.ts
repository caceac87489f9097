import type { ErrorCode } from "./catalogue";

/** One error to show: its code and the values its texts and link need (e.g. profileId for C22/C23). */
export interface ShownError {
  code: ErrorCode;
  params?: Record<string, string>;
  /** This occurrence is recorded but not shown (spec §8 "suppress"). */
  suppress?: boolean;
  /**
   * When the server met it (ms since the epoch, fractional): the dialogs of one page put the newest
   * first across the action's answer and the loaders' data (R-ERR-03).
   */
  at?: number;
}

/**
 * Decision 127: catalogue errors shown as dialogs over a page that can still be
 * shown travel in its data under this key: an action answers them instead of throwing
 * (route-errors.server.ts), a loader may add them for a failed secondary call (error-dialogs.tsx).
 */
export const SHOWN_ERRORS_KEY = "catalogueErrors";
