import { describe, expect, it } from "vitest";
import { chooserCard, InvalidProfileError, Profile, type ProfileFields } from "~/domain/profile";

const today = new Date("2027-03-01T12:00:00.000Z");

/** The demo profiles of ben (shared/spec/demo-data.md). */
const P100: ProfileFields = {
  id: "P100",
  name: "Ausbildung 2027",
  status: "B",
  isOpen: true,
  hasActiveComponents: true,
  discoverReportVisible: true,
};
const P200: ProfileFields = {
  id: "P200",
  name: "Duales Studium",
  status: "A",
  isOpen: true,
  hasActiveComponents: false,
  discoverReportVisible: true,
};
const P300: ProfileFields = {
  id: "P300",
  name: "Vertrieb",
  status: "N",
  isOpen: false,
  hasActiveComponents: true,
  discoverReportVisible: false,
};
const P400: ProfileFields = {
  id: "P400",
  name: "Werkstudium",
  status: "B",
  isOpen: false,
  hasActiveComponents: true,
  discoverReportVisible: true,
  openUntil: "2027-02-28",
};

describe("profile openUntil", () => {
  it("R-ENT-05 openUntil is optional; without it the profile has no end date", () => {
    expect(new Profile(P100).openUntil).toBeNull();
    expect(new Profile({ ...P100, openUntil: null }).openUntil).toBeNull();
    expect(new Profile(P400).openUntil).toBe("2027-02-28");
  });

  it("R-ENT-05 a given openUntil must be a date (an ISO time is cut to its date)", () => {
    expect(new Profile({ ...P400, openUntil: "2027-02-28T23:59:59.000Z" }).openUntil).toBe("2027-02-28");
    expect(() => new Profile({ ...P400, openUntil: "28.02.2027" })).toThrow(InvalidProfileError);
    expect(() => new Profile({ ...P400, openUntil: 20270228 })).toThrow(/openUntil/);
  });
});

describe("profile chooser", () => {
  it("R-PROF-02 an inactive profile whose allotted time ran out shows the expired text and cannot be started", () => {
    const p400 = new Profile(P400);
    expect(p400.isExpired(today)).toBe(true);
    expect(chooserCard(p400, today)).toEqual({ canStart: false, notice: "expired", reportHint: false });
  });

  it("R-PROF-02 a locked profile without an end date in the past is locked, not expired", () => {
    expect(new Profile(P300).isExpired(today)).toBe(false);
    expect(chooserCard(new Profile(P300), today)).toEqual({ canStart: false, notice: "locked", reportHint: false });
    const closedEarly = new Profile({ ...P300, openUntil: "2027-12-31" });
    expect(chooserCard(closedEarly, today).notice).toBe("locked");
  });

  it("R-PROF-02 the last open day is included: expired only from the day after", () => {
    const closedToday = new Profile({ ...P400, openUntil: "2027-03-01" });
    expect(closedToday.isExpired(today)).toBe(false);
    expect(closedToday.isExpired(new Date("2027-03-02T00:00:00.000Z"))).toBe(true);
  });

  it("R-PROF-02 an open or completed profile is never expired, whatever its date", () => {
    expect(new Profile({ ...P100, openUntil: "2020-01-01" }).isExpired(today)).toBe(false);
    expect(new Profile({ ...P200, isOpen: false, openUntil: "2020-01-01" }).isExpired(today)).toBe(false);
  });

  it("R-PROF-02 a finished profile shows the finished text, can be opened, and with a report the download hint", () => {
    expect(chooserCard(new Profile(P200), today)).toEqual({ canStart: true, notice: "finished", reportHint: true });
    const noReport = new Profile({ ...P200, discoverReportVisible: false });
    expect(chooserCard(noReport, today)).toEqual({ canStart: true, notice: "finished", reportHint: false });
    expect(chooserCard(new Profile({ ...P200, isOpen: false }), today).canStart).toBe(true);
  });

  it("R-SCR-08 an open profile offers start and no notice", () => {
    expect(chooserCard(new Profile(P100), today)).toEqual({ canStart: true, notice: null, reportHint: false });
  });
});
