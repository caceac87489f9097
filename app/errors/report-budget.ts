/**
 * Budgets of /_client-errors (docs/decisions/103). Browsers send each error once; the
 * budgets stop a broken page at many browsers, or someone posting on purpose, from flooding the
 * upstream and Sentry, without letting one client mute everyone else's reports:
 * - per client address and minute, counted in the shared rate-limit store (Redis with REDIS_URL,
 *   else the session store's SQLite file), so every instance counts together;
 * - a per-process safety cap over all clients (many addresses at once).
 */
export const CLIENT_REPORTS_PER_MINUTE = 20;
export const ALL_REPORTS_PER_MINUTE = 600;
