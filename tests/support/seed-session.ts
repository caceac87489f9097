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
    db.prepare(
      "INSERT INTO sessions (id, data, created_at, idle_expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?)",
    ).run(id, JSON.stringify(data), now, now + 3_600_000, now + 3_600_000);
  } finally {
    db.close();
  }
  const header = await createCookie(cookieName, { secrets: [secret] }).serialize(id);
  return { name: cookieName, value: header.slice(cookieName.length + 1).split(";")[0] };
}
