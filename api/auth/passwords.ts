import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { PASSWORD_REQUIREMENTS } from "../demo/customers";
import { ApiError } from "../http/errors";
import { createWorkLimiter, WorkQueueFullError } from "./work-limiter";

/**
 * scrypt password hashes (node:crypto), stored as `scrypt$N$r$p$salt$hash`: the cost can be raised
 * without invalidating existing hashes, and a weaker one is replaced at the next login (needsRehash).
 * The cost is OWASP's for scrypt (N=2^17, r=8, p=1); what a derivation takes in memory and time is in
 * docs/decisions/092.
 */
export const COST = { N: 2 ** 17, r: 8, p: 1 } as const;
type Cost = { N: number; r: number; p: number };
let cost: Cost = COST;

/**
 * The cost of new hashes for this process (API_SCRYPT_LOG2_N, below OWASP's only on test servers).
 * Stored hashes keep their own cost; a weaker one than this is replaced at the next login.
 */
export function setHashCost(next: Cost): void {
  cost = next;
}

/** The cost new hashes are made with now. */
export function hashCost(): Readonly<Cost> {
  return cost;
}
const KEY_LENGTH = 32;
/** scrypt needs 128·N·r·p bytes; node refuses more than maxmem (default 32 MiB). */
const MAX_MEMORY = 256 * 1024 * 1024;

/**
 * Two derivations at a time, at most 200 waiting (beyond: 503 `busy`): a login burst queues here
 * instead of taking libuv's whole thread pool (and 128 MiB per derivation) from everyone else.
 */
export const passwordWork = createWorkLimiter({ concurrency: 2, maxWaiting: 200 });

async function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  try {
    return await passwordWork.run(
      () =>
        new Promise<Buffer>((resolve, reject) =>
          scrypt(password.normalize("NFC"), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
            error ? reject(error) : resolve(key),
          ),
        ),
    );
  } catch (error) {
    if (error instanceof WorkQueueFullError) throw new ApiError(503, "busy");
    throw error;
  }
}

/** Whether a stored hash was made with less than today's cost (or is not a hash of ours). */
export function needsRehash(stored: string): boolean {
  const [scheme, N, r, p] = stored.split("$");
  return scheme !== "scrypt" || Number(N) < cost.N || Number(r) < cost.r || Number(p) < cost.p;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * A hash made at once, for seeding at a low test cost only (demoPasswordHash): at OWASP's cost it
 * would block the event loop for hundreds of milliseconds.
 */
export function hashPasswordSync(password: string, at: Cost = cost): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFC"), salt, KEY_LENGTH, { ...at, maxmem: MAX_MEMORY });
  return ["scrypt", at.N, at.r, at.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  // Unknown users and accounts without a password still pay for one derivation: no timing oracle.
  const parts = (stored ?? dummyHash()).split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, N, r, p, salt, key] = parts;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), { N: Number(N), r: Number(r), p: Number(p) });
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

const dummyHash = () => `scrypt$${cost.N}$${cost.r}$${cost.p}$${"A".repeat(22)}$${"A".repeat(43)}`;

export type PasswordRequirements = typeof PASSWORD_REQUIREMENTS;

/** The server-side password rules (spec §5, §9; served in getConfiguration). */
export function meetsRequirements(password: string, rules: PasswordRequirements = PASSWORD_REQUIREMENTS): boolean {
  const count = (pattern: RegExp) => (password.match(pattern) ?? []).length;
  if ([...password].length < rules.minLength) return false;
  if (count(/\p{Lu}/gu) < rules.minUppercase) return false;
  if (count(/\p{Ll}/gu) < rules.minLowercase) return false;
  if (count(/\p{Nd}/gu) < rules.minNumbers) return false;
  if (rules.noLineBreaks && /[\r\n\u2028\u2029]/.test(password)) return false;
  // Spec §9: no whitespace at all (a tab is a space for this rule).
  if (rules.noSpaces && /\s/u.test(password)) return false;
  return true;
}
