import { randomHex, randomSecret, sha256 } from "../auth/secrets";
import { statement, type Db } from "../db/connection";
import type { Language } from "../languages";
import { ITEM_COUNT, normValue, scaleScore } from "./scoring";

/**
 * One engine session per user and profile module. Its key (the capability in the session URL) is
 * stored hashed and replaced at every getSessionUrl; answers survive the replacement.
 */
export interface EngineSession {
  id: string;
  user_id: number;
  prcm_id: number;
  return_url: string;
  language: Language;
  started_at: string | null;
  completed_at: string | null;
  score: number | null;
  norm_value: number | null;
}

export function openSession(
  db: Db,
  input: { userId: number; prcmId: number; returnUrl: string; language: Language; now: Date },
): { key: string; session: EngineSession } {
  const key = randomSecret();
  return db.transaction(() => {
    const existing = statement(db, "SELECT id FROM engine_sessions WHERE user_id = ? AND prcm_id = ?").get(input.userId, input.prcmId) as
      { id: string } | undefined;
    if (existing) {
      statement(db, "UPDATE engine_sessions SET key_sha256 = ?, return_url = ?, language = ? WHERE id = ?").run(
        sha256(key),
        input.returnUrl,
        input.language,
        existing.id,
      );
    } else {
      statement(
        db,
        `INSERT INTO engine_sessions (id, key_sha256, user_id, prcm_id, return_url, language, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(`es_${randomHex(12)}`, sha256(key), input.userId, input.prcmId, input.returnUrl, input.language, input.now.toISOString());
    }
    return { key, session: sessionByKey(db, key)! };
  })();
}

export function sessionByKey(db: Db, key: string): EngineSession | undefined {
  if (!/^[A-Za-z0-9_-]{16,200}$/.test(key)) return undefined;
  return statement(db, "SELECT * FROM engine_sessions WHERE key_sha256 = ?").get(sha256(key)) as EngineSession | undefined;
}

export function markStarted(db: Db, session: EngineSession, now: Date): EngineSession {
  if (session.started_at) return session;
  const startedAt = now.toISOString();
  statement(db, "UPDATE engine_sessions SET started_at = COALESCE(started_at, ?) WHERE id = ?").run(startedAt, session.id);
  return { ...session, started_at: startedAt };
}

export function answersOf(db: Db, sessionId: string): Map<number, number> {
  const rows = statement(db, "SELECT item, value FROM engine_answers WHERE session_id = ?").all(sessionId) as {
    item: number;
    value: number;
  }[];
  return new Map(rows.map((row) => [row.item, row.value]));
}

/** Stores answers; with all items answered the session completes and gets its score. Returns whether it is complete. */
export function storeAnswers(db: Db, session: EngineSession, answers: Map<number, number>, now: Date): boolean {
  return db.transaction(() => {
    const upsert = statement(
      db,
      "INSERT INTO engine_answers (session_id, item, value) VALUES (?, ?, ?) ON CONFLICT (session_id, item) DO UPDATE SET value = excluded.value",
    );
    for (const [item, value] of answers) upsert.run(session.id, item, value);
    const all = answersOf(db, session.id);
    if (all.size < ITEM_COUNT) return false;
    const score = scaleScore([...all.values()]);
    statement(
      db,
      "UPDATE engine_sessions SET completed_at = ?, score = ?, norm_value = ?, started_at = COALESCE(started_at, ?) WHERE id = ? AND completed_at IS NULL",
    ).run(now.toISOString(), score, normValue(score), now.toISOString(), session.id);
    return true;
  })();
}

/** The result of a user's completed session of a profile module, if there is one. */
export function completedResult(db: Db, userId: number, prcmId: number): { score: number; normValue: number } | undefined {
  const row = statement(
    db,
    "SELECT score, norm_value FROM engine_sessions WHERE user_id = ? AND prcm_id = ? AND completed_at IS NOT NULL",
  ).get(userId, prcmId) as { score: number; norm_value: number } | undefined;
  return row && { score: row.score, normValue: row.norm_value };
}
