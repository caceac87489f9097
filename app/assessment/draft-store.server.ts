import { createHash } from "node:crypto";
import type { SessionRecordStore } from "~/session/store.server";

/**
 * Answers of a Form module that are not saved upstream yet (docs/decisions/040: a reload, the back
 * button or a session time-out loses none of them). Drafts belong to the applicant, not to the
 * browser session: a new login gets a new session id (session fixation defence), and the draft must
 * still be there. So they are keyed by customer + user name + profile + module and live in the
 * session store's backend (SQLite, Redis, memory in unit tests) under their own `draft:` id prefix,
 * with a long expiry.
 */
export interface DraftKey {
  cstm: string;
  userName: string;
  profileId: string;
  moduleId: number;
}

export type DraftValues = Record<string, string>;

export interface DraftStore {
  get(key: DraftKey): Promise<DraftValues | null>;
  put(key: DraftKey, values: DraftValues): Promise<void>;
  delete(key: DraftKey): Promise<void>;
}

/** Drafts outlive any session: an applicant may come back weeks later (docs/decisions/040). */
export const DRAFT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** At most this many fields, each at most this long, are kept from one post (bounded storage per key). */
export const DRAFT_MAX_FIELDS = 50;
export const DRAFT_MAX_VALUE_LENGTH = 5000;
const FIELD_NAME = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The id of a draft record. Hashed: a user name may be an e-mail address, which has no business in a
 * storage key, and the parts cannot run into each other. Session ids are random base64url without a
 * colon and the cookie is signed, so no session id can ever name a draft record.
 */
export function draftRecordId(key: DraftKey): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([key.cstm, key.userName.toLowerCase(), key.profileId, key.moduleId]))
    .digest("base64url");
  return `draft:${digest}`;
}

/** What may be kept of posted form values: string fields with plausible names, bounded in number and size. */
export function draftValuesFrom(entries: Iterable<[string, unknown]>, exclude: readonly string[] = []): DraftValues {
  const values: DraftValues = {};
  let count = 0;
  for (const [name, value] of entries) {
    if (typeof value !== "string" || !FIELD_NAME.test(name) || exclude.includes(name) || name in values) continue;
    if (++count > DRAFT_MAX_FIELDS) break;
    values[name] = value.slice(0, DRAFT_MAX_VALUE_LENGTH);
  }
  return values;
}

export function createDraftStore(records: SessionRecordStore, ttlMs = DRAFT_TTL_MS): DraftStore {
  return {
    async get(key) {
      const record = await records.get(draftRecordId(key));
      const values = record?.data.values;
      return values && typeof values === "object" ? (values as DraftValues) : null;
    },
    async put(key, values) {
      const now = Date.now();
      // Every write restarts the expiry; the purge of expired sessions removes old drafts too.
      await records.put(draftRecordId(key), {
        data: { values },
        createdAt: now,
        idleExpiresAt: now + ttlMs,
        absoluteExpiresAt: now + ttlMs,
      });
    },
    async delete(key) {
      await records.delete(draftRecordId(key));
    },
  };
}
