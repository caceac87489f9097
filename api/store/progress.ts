import type { ApiContext } from "../context";
import { statement, type Db } from "../db/connection";
import { notFound } from "../http/errors";
import type { Profile } from "./catalogue";

/** Per-user state: which profiles a user has, whether they are open, which modules are finished. */
export interface Assignment {
  profile: Profile;
  /** R-ENT-05 isOpen: open for the user and openUntil not in the past. */
  isOpen: boolean;
  openUntil: string | null;
  assignedAt: string;
}

export interface ModuleState {
  finishedAt: string;
  skipped: boolean;
}

export type Finished = Map<number, ModuleState>;

interface AssignmentRow {
  profile_id: string;
  is_open: number;
  open_until: string | null;
  assigned_at: string;
}

function toAssignment(ctx: ApiContext, row: AssignmentRow): Assignment | null {
  const profile = ctx.catalogue.profiles.get(row.profile_id);
  if (!profile) return null;
  const today = ctx.now().toISOString().slice(0, 10);
  return {
    profile,
    isOpen: row.is_open === 1 && (row.open_until === null || row.open_until >= today),
    openUntil: row.open_until,
    assignedAt: row.assigned_at,
  };
}

export function assignments(ctx: ApiContext, userId: number): Assignment[] {
  const rows = statement(
    ctx.db,
    "SELECT profile_id, is_open, open_until, assigned_at FROM user_profiles WHERE user_id = ? ORDER BY assigned_at, profile_id",
  ).all(userId) as AssignmentRow[];
  return rows.map((row) => toAssignment(ctx, row)).filter((value): value is Assignment => value !== null);
}

/** The user's assignment of a profile; a profile the user does not have is unknown to them (404). */
export function requireAssignment(ctx: ApiContext, userId: number, profileId: string): Assignment {
  const row = statement(
    ctx.db,
    "SELECT profile_id, is_open, open_until, assigned_at FROM user_profiles WHERE user_id = ? AND profile_id = ?",
  ).get(userId, profileId) as AssignmentRow | undefined;
  const assignment = row && toAssignment(ctx, row);
  if (!assignment) throw notFound("unknown_profile");
  return assignment;
}

export function finishedModules(db: Db, userId: number): Finished {
  const rows = statement(db, "SELECT prcm_id, finished_at, skipped FROM module_progress WHERE user_id = ?").all(userId) as {
    prcm_id: number;
    finished_at: string;
    skipped: number;
  }[];
  return new Map(rows.map((row) => [row.prcm_id, { finishedAt: row.finished_at, skipped: row.skipped === 1 }]));
}

export function countFinished(profile: Profile, finished: Finished): number {
  return profile.modules.filter((module) => finished.has(module.prcmId)).length;
}

/** Profile status (docs/api.md): N nothing finished, B begun, A every module finished. */
export function profileStatus(profile: Profile, finished: Finished): "A" | "B" | "N" {
  const done = countFinished(profile, finished);
  if (done === 0) return profile.modules.length === 0 ? "A" : "N";
  return done === profile.modules.length ? "A" : "B";
}
