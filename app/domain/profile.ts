/**
 * Profile (spec §3, R-ENT-05) and the profile-selection rule after login (spec §4, R-PROF-01).
 * Pure: built from plain fields, no knowledge of the upstream's payload names.
 */
export type ProfileStatus = "A" | "B" | "N";

export interface ProfileFields {
  id: string;
  name: string;
  status: ProfileStatus;
  isOpen: boolean;
  hasActiveComponents: boolean;
  discoverReportVisible: boolean;
}

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

  /** R-ENT-05: every field is required, otherwise construction fails with an invalid-profile error. */
  constructor(fields: Partial<Record<keyof ProfileFields, unknown>>) {
    const missing: string[] = [];
    if (typeof fields.id !== "string" || fields.id === "") missing.push("id");
    if (typeof fields.name !== "string") missing.push("name");
    if (fields.status !== "A" && fields.status !== "B" && fields.status !== "N") missing.push("status");
    for (const flag of ["isOpen", "hasActiveComponents", "discoverReportVisible"] as const) {
      if (typeof fields[flag] !== "boolean") missing.push(flag);
    }
    if (missing.length > 0) throw new InvalidProfileError(missing);
    this.id = fields.id as string;
    this.name = fields.name as string;
    this.status = fields.status as ProfileStatus;
    this.isOpen = fields.isOpen as boolean;
    this.hasActiveComponents = fields.hasActiveComponents as boolean;
    this.discoverReportVisible = fields.discoverReportVisible as boolean;
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
}

export type ProfileSelection =
  | { kind: "activate"; profileId: string }
  | { kind: "chooser" };

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
