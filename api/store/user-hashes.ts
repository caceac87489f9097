import { randomSecret, sha256 } from "../auth/secrets";
import { statement, type Db } from "../db/connection";
import { ApiError } from "../http/errors";
import { findUserById, type User } from "./users";

/**
 * The hashes in activation and password-reset links. Only their SHA-256 is stored. An activation
 * hash stays usable for 7 days while the account is not activated or still has no password (issue
 * 10: a link found in an old mailbox must not open an account); a reset hash is valid for 24 hours
 * and once.
 */
export type HashPurpose = "activation" | "password-reset";

export interface UserHash {
  hash_sha256: string;
  purpose: HashPurpose;
  cstm: string;
  expires_at: number | null;
  used_at: string | null;
  user: User;
}

const RESET_VALIDITY_S = 24 * 60 * 60;
export const ACTIVATION_VALIDITY_S = 7 * 24 * 60 * 60;

/** Whether a link is past its time (rows from before expiry existed have none: the migration gave them one). */
export function isExpired(link: Pick<UserHash, "expires_at">, nowS: number): boolean {
  return link.expires_at !== null && link.expires_at <= nowS;
}

/** The hash of a link with its user, live or not. */
export function findUserHash(db: Db, hash: string): UserHash | undefined {
  const row = db.prepare("SELECT * FROM user_hashes WHERE hash_sha256 = ?").get(sha256(hash)) as
    (Omit<UserHash, "user"> & { user_id: number }) | undefined;
  const user = row && findUserById(db, row.user_id);
  if (!row || !user) return undefined;
  return { hash_sha256: row.hash_sha256, purpose: row.purpose, cstm: row.cstm, expires_at: row.expires_at, used_at: row.used_at, user };
}

/** The live hash of a link, or 404 with errorMsg C06 (spec §8: expired link, invalid user hash). */
export function requireUserHash(db: Db, hash: string, nowS: number): UserHash {
  const link = findUserHash(db, hash);
  const live =
    link &&
    !isExpired(link, nowS) &&
    (link.purpose === "activation"
      ? link.user.activated === 0 || link.user.password_hash === null
      : link.used_at === null && link.expires_at !== null);
  if (!link || !live) throw invalidHash();
  return link;
}

export function invalidHash(): ApiError {
  return new ApiError(404, "invalid_hash", { errorMsg: "C06" });
}

export function createUserHash(db: Db, userId: number, purpose: HashPurpose, cstm: string, nowS: number): string {
  const hash = randomSecret();
  // A prepared statement kept per connection: a bulk import writes a thousand of these in one go.
  statement(db, "INSERT INTO user_hashes (hash_sha256, user_id, purpose, cstm, expires_at) VALUES (?, ?, ?, ?, ?)").run(
    sha256(hash),
    userId,
    purpose,
    cstm,
    nowS + (purpose === "password-reset" ? RESET_VALIDITY_S : ACTIVATION_VALIDITY_S),
  );
  return hash;
}

export function markHashUsed(db: Db, hashSha256: string, now: Date): void {
  db.prepare("UPDATE user_hashes SET used_at = ? WHERE hash_sha256 = ?").run(now.toISOString(), hashSha256);
}

/** A new password ends every reset link still open for the account: each was asked for the old one. */
export function endResetLinks(db: Db, userId: number, now: Date): void {
  db.prepare("UPDATE user_hashes SET used_at = ? WHERE user_id = ? AND purpose = 'password-reset' AND used_at IS NULL").run(
    now.toISOString(),
    userId,
  );
}

/** A hash that may set a password: a reset hash, or the activation hash of an account without password. */
export function requirePasswordHash(db: Db, hash: string, nowS: number): UserHash {
  const link = requireUserHash(db, hash, nowS);
  if (link.purpose === "activation" && link.user.password_hash !== null) throw invalidHash();
  return link;
}

/**
 * A changed e-mail address ends every link still open for the account, activation and reset: each
 * was mailed to the old address, which may have been a stranger's (a typo a recruiter corrected).
 * Returns how many live links ended, for the audit row. An activation link of an account that has
 * its password is dead already and is not counted.
 */
export function endOpenLinks(db: Db, user: Pick<User, "id" | "activated" | "password_hash">, nowS: number): number {
  const activationLive = user.activated === 0 || user.password_hash === null ? 1 : 0;
  return statement(
    db,
    `UPDATE user_hashes SET expires_at = ?
      WHERE user_id = ? AND used_at IS NULL AND (expires_at IS NULL OR expires_at > ?) AND (purpose = 'password-reset' OR ? = 1)`,
  ).run(nowS, user.id, nowS, activationLive).changes;
}
