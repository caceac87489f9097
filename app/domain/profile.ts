/**
 * Profile (spec §3, R-ENT-05) and the profile-selection rule after login (spec §4, R-PROF-01).
 * Pure: built from plain fields, no knowledge of the upstream's payload names.
 */
export type ProfileStatus = "A" | "B" | "N";

/** What a profile id may look like wherever one arrives from outside (links, forms, paths; R-VAL-11). */
export const PROFILE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface ProfileFields {
  id: string;
  name: string;
  status: ProfileStatus;
  isOpen: boolean;
  hasActiveComponents: boolean;
  discoverReportVisible: boolean;
  /** The last day (YYYY-MM-DD, inclusive) the profile is open; optional, null when unlimited. An ISO time is cut to its date. */
  openUntil?: string | null;
}

/** A date, or the date part of an ISO 8601 time. */
const STARTS_WITH_DATE = /^\d{4}-\d{2}-\d{2}(?:$|T)/;

export class InvalidProfileError extends Error {
  constructor(readonly missing: string[]) {
    super(`invalid profile: missing or invalid ${missing.join(", ")}`);
    this.name = "InvalidProfileError";
  }
}

export class Profile implements ProfileFields {
  readonly id: string;
  readonly name: string;
  readonly status: ProfileStatus;
  readonly isOpen: boolean;
  readonly hasActiveComponents: boolean;
  readonly discoverReportVisible: boolean;
  readonly openUntil: string | null;

  /**
   * R-ENT-05: every field of the spec is required, otherwise construction fails with an invalid-profile
   * error. openUntil is ours and optional (docs/decisions/030), but must be a date when given.
   */
  constructor(fields: Partial<Record<keyof ProfileFields, unknown>>) {
    const missing: string[] = [];
    if (typeof fields.id !== "string" || fields.id === "") missing.push("id");
    if (typeof fields.name !== "string") missing.push("name");
    if (fields.status !== "A" && fields.status !== "B" && fields.status !== "N") missing.push("status");
    for (const flag of ["isOpen", "hasActiveComponents", "discoverReportVisible"] as const) {
      if (typeof fields[flag] !== "boolean") missing.push(flag);
    }
    const openUntil = fields.openUntil ?? null;
    if (openUntil !== null && (typeof openUntil !== "string" || !STARTS_WITH_DATE.test(openUntil))) missing.push("openUntil");
    if (missing.length > 0) throw new InvalidProfileError(missing);
    this.id = fields.id as string;
    this.name = fields.name as string;
    this.status = fields.status as ProfileStatus;
    this.isOpen = fields.isOpen as boolean;
    this.hasActiveComponents = fields.hasActiveComponents as boolean;
    this.discoverReportVisible = fields.discoverReportVisible as boolean;
    this.openUntil = openUntil === null ? null : (openUntil as string).slice(0, 10);
  }

  /** active = open and has active components. */
  get active(): boolean {
    return this.isOpen && this.hasActiveComponents;
  }

  /** completed = status A. */
  get completed(): boolean {
    return this.status === "A";
  }

  /** canStart = open or completed (completed profiles can be opened). */
  get canStart(): boolean {
    return this.isOpen || this.completed;
  }

  /** locked = not completed and not open. */
  get locked(): boolean {
    return !this.completed && !this.isOpen;
  }

  /** finished = completed and not active. */
  get finished(): boolean {
    return this.completed && !this.active;
  }

  get reportVisible(): boolean {
    return this.discoverReportVisible;
  }

  /**
   * R-PROF-02: the allotted time expired: locked, and its last open day lies before today (UTC calendar
   * date). A locked profile without openUntil, or with one still ahead, is closed for another reason.
   */
  isExpired(today: Date = new Date()): boolean {
    return this.locked && this.openUntil !== null && this.openUntil < today.toISOString().slice(0, 10);
  }
}

/** What a profile chooser card shows (R-SCR-08, R-PROF-02). */
export interface ChooserCard {
  /** Start (or, for a completed profile, open) is offered; the server refuses the others. */
  canStart: boolean;
  /** finished text; expired text; locked (cannot be started, time not expired); none for open profiles. */
  notice: "finished" | "expired" | "locked" | null;
  /** Finished profiles with a report show the download hint. */
  reportHint: boolean;
}

/** R-PROF-02 / R-SCR-08: the card of a profile in the chooser (docs/decisions/030). */
export function chooserCard(profile: Profile, today: Date = new Date()): ChooserCard {
  const notice = profile.finished ? "finished" : profile.locked ? (profile.isExpired(today) ? "expired" : "locked") : null;
  return { canStart: profile.canStart, notice, reportHint: profile.finished && profile.reportVisible };
}

export type ProfileSelection = { kind: "activate"; profileId: string } | { kind: "chooser" };

/**
 * R-PROF-01: on-site, the profile comes from the stored on-site data. With exactly one profile that is
 * finished or locked, or with more than one profile, go to the profile chooser. Otherwise the first
 * profile is activated automatically. (No profile at all: the chooser, which says so.)
 */
export function selectProfile(profiles: readonly Profile[], onSiteProfileId?: string | null): ProfileSelection {
  if (onSiteProfileId) return { kind: "activate", profileId: onSiteProfileId };
  if (profiles.length !== 1) return { kind: "chooser" };
  const [only] = profiles;
  if (only.finished || only.locked) return { kind: "chooser" };
  return { kind: "activate", profileId: only.id };
}
