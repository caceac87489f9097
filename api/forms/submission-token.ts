import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/connection";

/** What a submission token says: whose form, which profile module, until when (epoch seconds). */
export interface SubmissionClaims {
  userId: number;
  prcmId: number;
  expiresAt: number;
}

export interface SubmissionTokens {
  issue(claims: SubmissionClaims): string;
  /** The token's claims when this database signed it; null for anything else (expiry is the caller's). */
  read(token: string): SubmissionClaims | null;
}

const TOKEN = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/**
 * Signed submission tokens (docs/decisions/196): a form view hands one out without writing anything,
 * and the save checks the signature. The key is the database's own (migration 19), so a restart keeps
 * the tokens valid and every process on the same file accepts them.
 */
export function submissionTokens(db: Db): SubmissionTokens {
  const row = db.prepare("SELECT key FROM api_keys WHERE name = 'form-submission'").get() as { key: Buffer } | undefined;
  if (!row) throw new Error("the API database has no form-submission key (migration 19)");
  const key = row.key;
  const signatureOf = (claims: string) => createHmac("sha256", key).update(claims).digest();
  return {
    issue({ userId, prcmId, expiresAt }) {
      const claims = `${userId}.${prcmId}.${expiresAt}`;
      return `${claims}.${signatureOf(claims).toString("base64url")}`;
    },
    read(token) {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const expected = signatureOf(`${match[1]}.${match[2]}.${match[3]}`);
      const given = Buffer.from(match[4], "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId: Number(match[1]), prcmId: Number(match[2]), expiresAt: Number(match[3]) };
    },
  };
}
