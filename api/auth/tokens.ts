import type { Db } from "../db/connection";
import { randomSecret, sha256 } from "./secrets";

/**
 * Bearer tokens (spec §6, R-TOK-01): random, stored as SHA-256, with a short lifetime (expires_in,
 * 419 after it) and an absolute expiry fixed at login until which an expired token can be refreshed.
 */
export type TokenKind = "applicant" | "recruiter";

export interface TokenGrant {
  access_token: string;
  expires_in: number;
  absolute_expires_in: number;
}

export interface TokenRow {
  token_sha256: string;
  user_id: number;
  kind: TokenKind;
  cstm: string;
  expires_at: number;
  absolute_expires_at: number;
  revoked: number;
}

export type TokenCheck = { state: "valid" | "expired"; row: TokenRow } | { state: "invalid" };

export interface TokenService {
  issue(userId: number, kind: TokenKind, cstm: string): TokenGrant;
  check(token: string): TokenCheck;
  /** A new token for a valid or expired one (the old one is revoked); null when it cannot be refreshed. */
  refresh(token: string): TokenGrant | null;
  revoke(token: string): void;
  /** Revokes every token of the user but `except` (the request's own); after a password change or reset. */
  revokeAllOf(userId: number, options?: { except?: string }): number;
}

export function createTokenService(db: Db, options: { ttlS: number; absoluteTtlS: number; nowS: () => number }): TokenService {
  const insert = db.prepare(
    "INSERT INTO tokens (token_sha256, user_id, kind, cstm, expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const find = db.prepare("SELECT * FROM tokens WHERE token_sha256 = ?");
  const revoke = db.prepare("UPDATE tokens SET revoked = 1 WHERE token_sha256 = ?");
  const purge = db.prepare("DELETE FROM tokens WHERE absolute_expires_at < ?");
  const revokeUser = db.prepare("UPDATE tokens SET revoked = 1 WHERE user_id = ? AND revoked = 0 AND token_sha256 <> ?");

  function grant(userId: number, kind: TokenKind, cstm: string, absoluteExpiresAt: number): TokenGrant {
    const now = options.nowS();
    const token = randomSecret();
    const expiresAt = Math.min(now + options.ttlS, absoluteExpiresAt);
    insert.run(sha256(token), userId, kind, cstm, expiresAt, absoluteExpiresAt);
    return { access_token: token, expires_in: expiresAt - now, absolute_expires_in: absoluteExpiresAt - now };
  }

  function check(token: string): TokenCheck {
    const row = find.get(sha256(token)) as TokenRow | undefined;
    const now = options.nowS();
    if (!row || row.revoked === 1 || now >= row.absolute_expires_at) return { state: "invalid" };
    return { state: now >= row.expires_at ? "expired" : "valid", row };
  }

  return {
    issue(userId, kind, cstm) {
      const now = options.nowS();
      // Dead tokens are purged at each login: the table stays as small as the live sessions.
      purge.run(now - 24 * 60 * 60);
      return grant(userId, kind, cstm, now + options.absoluteTtlS);
    },
    check,
    refresh(token) {
      const result = check(token);
      if (result.state === "invalid") return null;
      return db.transaction(() => {
        revoke.run(result.row.token_sha256);
        return grant(result.row.user_id, result.row.kind, result.row.cstm, result.row.absolute_expires_at);
      })();
    },
    revoke(token) {
      revoke.run(sha256(token));
    },
    revokeAllOf(userId, options = {}) {
      return revokeUser.run(userId, options.except === undefined ? "" : sha256(options.except)).changes;
    },
  };
}
