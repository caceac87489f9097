import type { SubmissionResult } from "@conform-to/react";
import { createHash } from "node:crypto";
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
  /** The customer the recruiter signed in at (decision 141); which customers they may see is the upstream's to say. */
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
  /**
   * The applicant's sign-in of this browser timed out (decision 126): set when the
   * session cookie still names a signed-in session whose record is gone; pages for signed-in
   * applicants then show C02 / C22 instead of a bare redirect. Cleared by the next sign-in.
   */
  expiredSignIn: ExpiredSignIn;
  /** A form posted into the expired session: its values, kept for the same applicant's next sign-in. */
  resume: ResumedForm;
  /** The recruiter's staged CSV import (its rows wait upstream, decision 153): only this session may confirm it. */
  recruiterImport: string;
}

export interface RecruiterBulkResult {
  action: string;
  /** The change in words, in the recruiter's language. */
  change: string;
  /** The list's query to go back to. */
  listSearch: string;
  changed: number;
  unchanged: number;
  refused: number;
  results: { userName: string; name: string | null; outcome: "changed" | "unchanged" | "refused"; reason?: string }[];
}

/** What the session cookie says about the sign-in it belonged to (no token, no user name). */
export interface ExpiredSignIn {
  cstm: string;
  anonymous: boolean;
  /** The anonymous applicant's registration profile, for C22's button. */
  registrationProfileId?: string;
  /** userHash of the applicant: posted values go back to the same applicant only. */
  user: string;
}

export interface ResumedForm {
  /** The page the form was on (a path of the customer, with its query). */
  page: string;
  values: Record<string, string>;
  /** userHash of the applicant who typed them. */
  user: string;
}

/** An applicant's user name as the cookie and the kept values name it: a short one-way hash. */
export function userHash(cstm: string, userName: string): string {
  return createHash("sha256")
    .update(JSON.stringify([cstm, userName.toLowerCase()]))
    .digest("base64url")
    .slice(0, 22);
}

export interface FlashData {
  /**
   * The user notification shown once on the next page: an i18n key (a success), or the key with its
   * kind (components/notice.tsx).
   */
  notice: string | { key: string; kind: "success" | "info" | "error" };
  /** A refused feedback submission (errors and what was entered), for the reopened modal (docs/decisions/073). */
  feedbackResult: SubmissionResult<string[]>;
  /** A bulk action's result (docs/decisions/183), for the one result page that shows it. */
  recruiterBulkResult: RecruiterBulkResult;
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
  const applicant = data.applicant;
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
 * The session cookie's value: the record id, and for a signed-in applicant a hint of who was signed
 * in and when the record can time out at the earliest (decision 126). A request whose record is gone
 * after that moment has timed out, and the page says so (C02/C22, in the applicant's language, with
 * the way back) instead of treating them like a visitor who never signed in; a record gone before
 * it (a logout elsewhere, a lost store) is no time-out. The hint is signed like the id, holds no
 * token and no user name, and is renewed with every commit.
 */
interface CookieValue {
  id: string;
  /** cstm, anonymous (1/0), registration profile id, user hash, earliest time-out (epoch seconds). */
  in?: [string, number, string, string, number];
}

function cookieValueOf(id: string, data: Partial<SessionData>, expiresAt: number): string | CookieValue {
  const applicant = data.applicant;
  if (!applicant || !data.cstm) return id;
  const user = userHash(data.cstm, applicant.userName);
  return { id, in: [data.cstm, applicant.anonymous ? 1 : 0, applicant.registrationProfileId ?? "", user, Math.floor(expiresAt / 1000)] };
}

function readCookieValue(value: unknown): { id: string; signedIn?: ExpiredSignIn; expiresAt?: number } | null {
  if (typeof value === "string") return value ? { id: value } : null;
  if (!value || typeof value !== "object") return null;
  const { id, in: hint } = value as Partial<CookieValue>;
  if (typeof id !== "string" || !id) return null;
  if (!Array.isArray(hint) || hint.length !== 5) return { id };
  const [cstm, anonymous, registrationProfileId, user, expiresAt] = hint as unknown[];
  if (typeof cstm !== "string" || typeof user !== "string" || typeof registrationProfileId !== "string" || typeof expiresAt !== "number") {
    return { id };
  }
  return {
    id,
    expiresAt: expiresAt * 1000,
    signedIn: { cstm, anonymous: anonymous === 1, ...(registrationProfileId ? { registrationProfileId } : {}), user },
  };
}

/**
 * Remix's session storage contract over a SessionRecordStore, with two rules createSessionStorage
 * cannot give (docs/decisions/095):
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
    idleExpiresAt: now + idleTimeoutFor(data, policy) * 1000,
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
      const value = readCookieValue(cookieHeader ? await cookie.parse(cookieHeader, options) : null);
      const record = value ? await store.get(value.id) : null;
      if (!value || !record) {
        // A signed-in session that timed out: a fresh session that knows it (decision 126).
        const timedOut = value?.signedIn && value.expiresAt !== undefined && Date.now() >= value.expiresAt;
        const expired = timedOut ? ({ expiredSignIn: value.signedIn } as SessionData) : undefined;
        return createSession<SessionData, FlashData>(expired);
      }
      const { id } = value;
      const now = Date.now();
      const idleExpiresAt = now + idleTimeoutFor(record.data, policy) * 1000;
      if (idleExpiresAt - record.idleExpiresAt >= TOUCH_GRANULARITY_MS) await store.touch(id, idleExpiresAt);
      const session = createSession<SessionData, FlashData>(record.data as unknown as SessionData, id);
      origins.set(session, { id, createdAt: record.createdAt, absoluteExpiresAt: record.absoluteExpiresAt });
      return session;
    },
    async commitSession(session, options) {
      const data = session.data as Record<string, unknown>;
      const origin = origins.get(session);
      let id = origin?.id ?? session.id;
      // The earliest moment the record can time out (a later activity only moves it on).
      const expiresAt = Math.min(Date.now() + idleTimeoutFor(data, policy) * 1000, origin?.absoluteExpiresAt ?? Infinity);
      if (!id) {
        id = await insertNew(session, data);
      } else {
        const createdAt = origin?.createdAt ?? Date.now();
        const record = { ...recordFor(data, createdAt, Date.now()), ...(origin ? { absoluteExpiresAt: origin.absoluteExpiresAt } : {}) };
        if (!(await store.update(id, record))) id = await insertNew(session, keptWhenReissued(data));
      }
      return cookie.serialize(cookieValueOf(id, session.data, expiresAt), options);
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
