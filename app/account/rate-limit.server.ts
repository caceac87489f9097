import { type AppLoadContext } from "@remix-run/node";

/**
 * Rate limits on login, registration and password POSTs (DESIGN §8), keyed by account and by
 * client. The client limit is wider: an on-site test centre signs many applicants in from one
 * address.
 */
const CLIENT_FACTOR = 10;

export function attemptKeys(context: AppLoadContext, action: string, account?: string) {
  const limit = context.services.rateLimiter.maxAttempts;
  const keys = [{ key: `${action}:client:${context.clientIp}`, limit: limit * CLIENT_FACTOR }];
  if (account) keys.push({ key: `${action}:account:${account.trim().toLowerCase()}`, limit });
  return keys;
}

/** Counts an attempt; true when the caller must refuse it with the "too many attempts" message. */
export function tooManyAttempts(context: AppLoadContext, action: string, account?: string): Promise<boolean> {
  return context.services.rateLimiter.hit(attemptKeys(context, action, account));
}

/** After a success the account's counter starts again (the client's keeps counting). */
export function resetAccountAttempts(context: AppLoadContext, action: string, account: string): Promise<void> {
  return context.services.rateLimiter.reset([`${action}:account:${account.trim().toLowerCase()}`]);
}
