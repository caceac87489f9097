import type { SubmissionResult } from "@conform-to/react";
import { createCookie, createSession, type Session, type SessionStorage } from "@remix-run/node";
import { newSessionId, type SessionRecord, type SessionRecordStore } from "./store.server";

/** A token with its absolute expiry in epoch seconds (null: the upstream gave none). */
export interface TokenGrant {
  token: string;
  expiresAt: number | null;
}

export interface ApplicantAuth extends TokenGrant {
  userName: string;
  /** Name for the header greeting, when the upstream told us one (never the anonymous user name). */
  displayName?: string;
  /** R-ROLE-02: anonymous self-registered applicants (user name contains self_register_anon). */
  anonymous: boolean;
  /** Profile the anonymous registration was made for, for the C22/C23 button and the logout destination. */
  registrationProfileId?: string;
}

export interface RecruiterAuth extends TokenGrant {
  userName: string;
  /** The recruiter's name for the recruiter pages' header, when the upstream told us one. */
  displayName?: string;
  /** The customer the recruiter signed in at (issue 11); which customers they may see is the upstream's to say. */
  cstm?: string;
}

/**
 * Everything the server keeps for one browser (DESIGN §4). The browser only ever holds the session id.
 * Keys are optional: a fresh visitor has an empty session.
 */
export interface SessionData {
  /** Customer the authenticated state belongs to; tokens never cross customers. */
  cstm: string;
  applicant: ApplicantAuth;
  recruiter: RecruiterAuth;
  /** On-site station mode (spec §4): the flag and the profile the station is set up for. */
  onSite: { profileId: string };
  activeProfileId: string;
  /** feedbackModalSeen_{profile} of the spec, per profile id. */
  feedbackSeen: Record<string, true>;
  /** Form module answers kept server-side until saved, keyed by module id. */
  formDrafts: Record<string, Record<string, string>>;
}

export interface FlashData {
  /**
   * The user notification shown once on the next page: an i18n key (a success), or the key with its
   * kind (components/notice.tsx).
   */
  notice: string | { key: string; kind: "success" | "info" | "error" };
  /** A refused feedback submission (errors and what was entered), for the reopened modal (docs/decisions/073). */
  feedbackResult: SubmissionResult<string[]>;
}

export type AppSession = Session<SessionData, FlashData>;
export type AppSessionStorage = SessionStorage<SessionData, FlashData>;

export interface SessionPolicy {
  /** Idle time-out for regular applicants and recruiters. */
  idleTimeoutS: number;
  /** Idle time-out for anonymous applicants: 15 minutes (R-CON-04). */
  anonymousIdleTimeoutS: number;
  absoluteTimeoutS: number;
}

export const ANONYMOUS_IDLE_TIMEOUT_S = 15 * 60;

/** Activity extends the idle expiry, but at most one write a minute per session. */
const TOUCH_GRANULARITY_MS = 60_000;

export function idleTimeoutFor(data: Partial<SessionData>, policy: SessionPolicy): number {
  const applicant = data.applicant as ApplicantAuth | undefined;
  return applicant?.anonymous ? policy.anonymousIdleTimeoutS : policy.idleTimeoutS;
}

export interface SessionCookieOptions {
  secrets: string[];
  secure: boolean;
}

export function sessionCookieName(secure: boolean): string {
  // The __Host- prefix pins the cookie to this host and path / and requires Secure (DESIGN §4).
  return secure ? "__Host-session" : "__session";
}

/**
 * Remix's session storage contract over a SessionRecordStore, with two rules createSessionStorage
 * cannot give (issue 10, docs/decisions/095):
 * - a cookie whose record is gone (logout, expiry, purge, rotation) reads as a session without an
 *   id, so a commit issues a new id; the old id is never written again;
 * - a commit only ever updates an existing record; if it vanished while the request ran (a logout
 *   in another tab, the expiry), the commit issues a new id carrying only what is not the sign-in
 *   (see KEPT_WHEN_REISSUED), and the request's later commits follow the new id.
 */
export function createAppSessionStorage(
  store: SessionRecordStore,
  cookieOptions: SessionCookieOptions,
  policy: SessionPolicy,
): AppSessionStorage {
  const cookie = createCookie(sessionCookieName(cookieOptions.secure), {
    httpOnly: true,
    sameSite: "lax",
    secure: cookieOptions.secure,
    path: "/",
    secrets: cookieOptions.secrets,
    // No maxAge: a browser session cookie; the server decides expiry (shared on-site stations).
  });

  /** Creation time and absolute expiry of the record a session object was read from or written to. */
  const origins = new WeakMap<AppSession, { id: string; createdAt: number; absoluteExpiresAt: number }>();

  const recordFor = (data: Record<string, unknown>, createdAt: number, now: number): SessionRecord => ({
    data,
    createdAt,
    idleExpiresAt: now + idleTimeoutFor(data as Partial<SessionData>, policy) * 1000,
    absoluteExpiresAt: createdAt + policy.absoluteTimeoutS * 1000,
  });

  const insertNew = async (session: AppSession, data: Record<string, unknown>): Promise<string> => {
    const now = Date.now();
    const record = recordFor(data, now, now);
    for (;;) {
      const id = newSessionId();
      if (await store.insert(id, record)) {
        origins.set(session, { id, createdAt: record.createdAt, absoluteExpiresAt: record.absoluteExpiresAt });
        return id;
      }
    }
  };

  return {
    async getSession(cookieHeader, options) {
      const id: unknown = cookieHeader ? await cookie.parse(cookieHeader, options) : null;
      const record = typeof id === "string" && id !== "" ? await store.get(id) : null;
      if (typeof id !== "string" || !record) return createSession<SessionData, FlashData>();
      const now = Date.now();
      const idleExpiresAt = now + idleTimeoutFor(record.data as Partial<SessionData>, policy) * 1000;
      if (idleExpiresAt - record.idleExpiresAt >= TOUCH_GRANULARITY_MS) await store.touch(id, idleExpiresAt);
      const session = createSession<SessionData, FlashData>(record.data as unknown as SessionData, id);
      origins.set(session, { id, createdAt: record.createdAt, absoluteExpiresAt: record.absoluteExpiresAt });
      return session;
    },
    async commitSession(session, options) {
      const data = session.data as Record<string, unknown>;
      const origin = origins.get(session);
      let id = origin?.id ?? session.id;
      if (!id) {
        id = await insertNew(session, data);
      } else {
        const createdAt = origin?.createdAt ?? Date.now();
        const record = { ...recordFor(data, createdAt, Date.now()), ...(origin ? { absoluteExpiresAt: origin.absoluteExpiresAt } : {}) };
        if (!(await store.update(id, record))) id = await insertNew(session, keptWhenReissued(data));
      }
      return cookie.serialize(id, options);
    },
    async destroySession(session, options) {
      const id = origins.get(session)?.id ?? session.id;
      if (id) await store.delete(id);
      origins.delete(session);
      return cookie.serialize("", { ...options, maxAge: undefined, expires: new Date(0) });
    },
  };
}

/**
 * What survives when a commit finds its record gone: the station's on-site mode, nothing of the
 * sign-in (tokens, customer, profile, drafts). A logout elsewhere or the expiry must stay final.
 */
const KEPT_WHEN_REISSUED: ReadonlyArray<keyof SessionData> = ["onSite"];

function keptWhenReissued(data: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of KEPT_WHEN_REISSUED) if (key in data) kept[key] = data[key];
  return kept;
}

/**
 * Session fixation defence: a new id at every login and registration, the old record deleted
 * (DESIGN §4). Returns the new session carrying the old data; commit it to send the new cookie.
 */
export async function rotateSession(storage: AppSessionStorage, session: AppSession): Promise<AppSession> {
  const draft = await storage.getSession();
  for (const [key, value] of Object.entries(session.data)) {
    draft.set(key as keyof SessionData, value as never);
  }
  await storage.destroySession(session);
  // Store the record now and read it back, so the session has its id: a session without one would
  // get a new record (and a new cookie) on every commit, and later changes would land elsewhere.
  const setCookie = await storage.commitSession(draft);
  return storage.getSession(setCookie.split(";")[0]);
}
