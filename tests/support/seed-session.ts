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
 * The record id a session cookie's value names: the id itself, or, for a signed-in applicant, the id
 * with the hint of who was signed in (app/session/session.server.ts, decision 126).
 */
export function sessionIdIn(value: unknown): string | null {
  if (typeof value === "string") return value || null;
  const id = value && typeof value === "object" ? (value as { id?: unknown }).id : undefined;
  return typeof id === "string" && id ? id : null;
}
