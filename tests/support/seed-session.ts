import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { sessionCookieName } from "~/session/session.server";

/**
 * A signed-in visitor without a login: writes a session record straight into the server's SQLite
 * session store and returns the signed cookie the server would have set. For pages whose login
 * flow is built on another branch (navigation, greeting); the record has the shape of
 * app/session/session.server.ts (SessionData).
 */
export interface SeededApplicant {
  cstm: string;
  userName?: string;
  displayName?: string;
  anonymous?: boolean;
  activeProfileId?: string;
}

export async function seedApplicantSession(
  databasePath: string,
  secret: string,
  applicant: SeededApplicant,
  /** Production builds mark the cookie Secure (__Host- prefix) unless COOKIE_SECURE=false. */
  secureCookie = true,
): Promise<{ name: string; value: string }> {
  const cookieName = sessionCookieName(secureCookie);
  const id = randomBytes(32).toString("base64url");
  const now = Date.now();
  const data: Record<string, unknown> = {
    cstm: applicant.cstm,
    applicant: {
      token: "seeded-token-not-known-upstream",
      expiresAt: Math.floor(now / 1000) + 3600,
      userName: applicant.userName ?? "ada",
      displayName: applicant.displayName,
      anonymous: applicant.anonymous ?? false,
    },
  };
  if (applicant.activeProfileId) data.activeProfileId = applicant.activeProfileId;
  const db = new Database(databasePath);
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("INSERT INTO sessions (id, data, created_at, idle_expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?)").run(
      id,
      JSON.stringify(data),
      now,
      now + 3_600_000,
      now + 3_600_000,
    );
  } finally {
    db.close();
  }
  const header = await createCookie(cookieName, { secrets: [secret] }).serialize(id);
  return { name: cookieName, value: header.slice(cookieName.length + 1).split(";")[0] };
}

/**
 * Changes the record of a real session (started by a real sign-in, with a real upstream token) for a
 * state another branch's page sets: e.g. the active profile the profile chooser picks. `cookie` is
 * the session cookie as the browser holds it.
 */
export async function updateSessionRecord(
  databasePath: string,
  secret: string,
  cookie: { name: string; value: string },
  update: (data: Record<string, unknown>) => void,
): Promise<void> {
  const id = sessionIdIn(await createCookie(cookie.name, { secrets: [secret] }).parse(`${cookie.name}=${cookie.value}`));
  if (!id) throw new Error(`${cookie.name} is not a session cookie signed with this secret`);
  const db = new Database(databasePath);
  try {
    db.pragma("busy_timeout = 5000");
    const row = db.prepare("SELECT data FROM sessions WHERE id = ?").get(id) as { data: string } | undefined;
    if (!row) throw new Error("no session record for this cookie");
    const data = JSON.parse(row.data) as Record<string, unknown>;
    update(data);
    db.prepare("UPDATE sessions SET data = ? WHERE id = ?").run(JSON.stringify(data), id);
  } finally {
    db.close();
  }
}

/**
 * What the server keeps for a browser's session (the record of app/session/session.server.ts, SessionData),
 * read straight from its SQLite store: e.g. the upstream tokens, which never leave the server (R-ENT-01).
 * `cookies` is the browser's jar; its session cookie is the one whose name ends in "session".
 */
export async function sessionRecordOf(
  databasePath: string,
  secret: string,
  cookies: Map<string, string>,
): Promise<Record<string, unknown>> {
  const name = [...cookies.keys()].find((cookie) => cookie.endsWith("session"));
  if (!name) throw new Error("the browser holds no session cookie");
  const id = sessionIdIn(await createCookie(name, { secrets: [secret] }).parse(`${name}=${cookies.get(name)}`));
  if (!id) throw new Error(`${name} is not a session cookie signed with this secret`);
  const db = new Database(databasePath, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    const row = db.prepare("SELECT data FROM sessions WHERE id = ?").get(id) as { data: string } | undefined;
    if (!row) throw new Error("no session record for this cookie");
    return JSON.parse(row.data) as Record<string, unknown>;
  } finally {
    db.close();
  }
}

/**
 * The record id a session cookie's value names: the id itself, or, for a signed-in applicant, the id
 * with the hint of who was signed in (app/session/session.server.ts, decision 126).
 */
export function sessionIdIn(value: unknown): string | null {
  if (typeof value === "string") return value || null;
  const id = value && typeof value === "object" ? (value as { id?: unknown }).id : undefined;
  return typeof id === "string" && id ? id : null;
}

/**
 * Moves a real session's clock past its idle time-out, as if the applicant had been away that long:
 * the record's idle expiry and the cookie's signed hint of the earliest time-out (decision 126) both
 * lie in the past, which is the state a real time-out leaves. The time-out itself is waited for on the
 * real clock once per mechanism (the first and the anonymous test of the session-expiry files); the
 * other tests of what happens after it start here instead of waiting (docs/decisions/167).
 * Returns the cookie value the browser must send from now on.
 */
export async function expireSession(databasePath: string, secret: string, cookie: { name: string; value: string }): Promise<string> {
  const signer = createCookie(cookie.name, { secrets: [secret] });
  const value = (await signer.parse(`${cookie.name}=${cookie.value}`)) as unknown;
  const id = sessionIdIn(value);
  if (!id) throw new Error(`${cookie.name} is not a session cookie signed with this secret`);
  const past = Date.now() - 1000;
  const db = new Database(databasePath);
  try {
    db.pragma("busy_timeout = 5000");
    if (db.prepare("UPDATE sessions SET idle_expires_at = ? WHERE id = ?").run(past, id).changes !== 1)
      throw new Error("no session record for this cookie");
  } finally {
    db.close();
  }
  const hint = typeof value === "object" ? (value as { in?: unknown[] }).in : undefined;
  if (!Array.isArray(hint) || hint.length !== 5) throw new Error("the cookie carries no sign-in hint: nobody is signed in");
  hint[4] = Math.floor(past / 1000);
  const header = await signer.serialize(value);
  return header.slice(cookie.name.length + 1).split(";")[0];
}
