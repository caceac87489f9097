import { statement, type Db } from "../db/connection";
import type { Language } from "../languages";

/** The users table as the routes read it. */
export interface User {
  id: number;
  user_base: string;
  /**
   * An applicant's customer: the recruiter's boundary (docs/decisions/170). Null for recruiters, whose
   * customers are recruiter_customers.
   */
  cstm: string | null;
  user_name: string;
  role: "applicant" | "recruiter";
  email: string | null;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  language: Language;
  activated: number;
  expired: number;
  anonymous: number;
  created_at: string;
  finalized_at: string | null;
  dp_accepted_revision: number | null;
  contacting_accepted: number;
  /** Recruiter workspace (decisions 142, 146): the recruiter-set status, owner and access, and kept counters. */
  status: string;
  owner_id: number | null;
  login_disabled: number;
  on_site: number;
  last_activity_at: string | null;
  finished_modules: number;
  total_modules: number;
  /** Set when the applicant was erased (GDPR Art. 17, docs/decisions/181); the row stays, anonymised. */
  erased_at: string | null;
}

export function findUserById(db: Db, id: number): User | undefined {
  return statement(db, "SELECT * FROM users WHERE id = ?").get(id) as User | undefined;
}

export function findUserByName(db: Db, userBase: string, userName: string): User | undefined {
  return statement(db, "SELECT * FROM users WHERE user_base = ? AND user_name = ?").get(userBase, userName) as User | undefined;
}

/**
 * The applicant with this e-mail address in the user base (the oldest, should two share it), through
 * the index of migration 9: the address compared without surrounding spaces and ASCII case.
 */
export const FIND_USER_BY_EMAIL_SQL =
  "SELECT * FROM users WHERE user_base = ? AND email_key = lower(trim(?)) AND role = 'applicant' ORDER BY id LIMIT 1";

export function findUserByEmail(db: Db, userBase: string, email: string): User | undefined {
  return statement(db, FIND_USER_BY_EMAIL_SQL).get(userBase, email) as User | undefined;
}

export function displayName(user: Pick<User, "anonymous" | "first_name" | "last_name">): string | null {
  if (user.anonymous === 1) return null;
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
  return name || null;
}

/** Passwords the user may not choose again: the current one and the four before it. */
export function recentPasswordHashes(db: Db, userId: number): string[] {
  return (
    db.prepare("SELECT password_hash FROM password_history WHERE user_id = ? ORDER BY id DESC LIMIT 5").all(userId) as {
      password_hash: string;
    }[]
  ).map((row) => row.password_hash);
}

export function setPassword(db: Db, userId: number, passwordHash: string, now: Date): void {
  db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(passwordHash, userId);
  db.prepare("INSERT INTO password_history (user_id, password_hash, created_at) VALUES (?, ?, ?)").run(
    userId,
    passwordHash,
    now.toISOString(),
  );
}
