import { describe, expect, it } from "vitest";
import { InvalidProfileError, Profile, selectProfile, type ProfileFields } from "~/domain/profile";

const base: ProfileFields = {
  id: "P1",
  name: "Ausbildung",
  status: "N",
  isOpen: true,
  hasActiveComponents: true,
  discoverReportVisible: false,
};
const profile = (overrides: Partial<ProfileFields> = {}) => new Profile({ ...base, ...overrides });

describe("Profile", () => {
  it("R-ENT-05 construction fails with an invalid-profile error when a field is missing", () => {
    for (const field of Object.keys(base) as (keyof ProfileFields)[]) {
      const fields: Partial<ProfileFields> = { ...base };
      delete fields[field];
      expect(() => new Profile(fields), field).toThrow(InvalidProfileError);
    }
    expect(() => new Profile({ ...base, status: "X" })).toThrow(/status/);
    expect(() => new Profile({ ...base, isOpen: "yes" })).toThrow(/isOpen/);
  });

  it("R-ENT-05 active = open ∧ has active components", () => {
    expect(profile().active).toBe(true);
    expect(profile({ isOpen: false }).active).toBe(false);
    expect(profile({ hasActiveComponents: false }).active).toBe(false);
  });

  it("R-ENT-05 completed = status A; canStart = open ∨ completed", () => {
    expect(profile({ status: "A" }).completed).toBe(true);
    expect(profile({ status: "B" }).completed).toBe(false);
    expect(profile({ isOpen: false, status: "A" }).canStart).toBe(true);
    expect(profile({ isOpen: true, status: "N" }).canStart).toBe(true);
    expect(profile({ isOpen: false, status: "B" }).canStart).toBe(false);
  });

  it("R-ENT-05 locked = ¬completed ∧ ¬open; finished = completed ∧ ¬active; reportVisible", () => {
    expect(profile({ isOpen: false, status: "N" }).locked).toBe(true);
    expect(profile({ isOpen: false, status: "A" }).locked).toBe(false);
    expect(profile({ status: "A", hasActiveComponents: false }).finished).toBe(true);
    expect(profile({ status: "A", hasActiveComponents: true }).finished).toBe(false);
    expect(profile({ discoverReportVisible: true }).reportVisible).toBe(true);
  });
});

describe("profile selection after login", () => {
  it("R-PROF-01 on-site, the profile comes from the stored on-site data", () => {
    expect(selectProfile([profile(), profile({ id: "P2" })], "P2")).toEqual({ kind: "activate", profileId: "P2" });
  });

  it("R-PROF-01 exactly one open profile is activated automatically", () => {
    expect(selectProfile([profile()])).toEqual({ kind: "activate", profileId: "P1" });
  });

  it("R-PROF-01 exactly one finished or locked profile goes to the chooser", () => {
    expect(selectProfile([profile({ status: "A", hasActiveComponents: false })])).toEqual({ kind: "chooser" });
    expect(selectProfile([profile({ isOpen: false })])).toEqual({ kind: "chooser" });
  });

  it("R-PROF-01 more than one profile (or none) goes to the chooser", () => {
    expect(selectProfile([profile(), profile({ id: "P2" })])).toEqual({ kind: "chooser" });
    expect(selectProfile([])).toEqual({ kind: "chooser" });
  });
});
