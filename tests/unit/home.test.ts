import { describe, expect, it } from "vitest";
import { completionNotice, completionTextKey, homeHasSidePanel } from "~/dashboard/home";

describe("home completion notices (R-SCR-07)", () => {
  const base = { onSite: false, training: false, report: true, smartphone: false };

  it("R-SCR-07 default, with the report download", () => {
    const notice = completionNotice(base);
    expect(notice).toEqual({ variant: "default", report: true, smartphone: false });
    expect(completionTextKey(notice)).toBe("completion.defaultReport");
  });

  it("R-SCR-07 without a report, and on a smartphone", () => {
    expect(completionTextKey(completionNotice({ ...base, report: false }))).toBe("completion.defaultNoReport");
    expect(completionTextKey(completionNotice({ ...base, smartphone: true }))).toBe("completion.defaultReportSmartphone");
  });

  it("R-SCR-07 after training, with and without the report", () => {
    expect(completionTextKey(completionNotice({ ...base, training: true }))).toBe("completion.trainingReport");
    expect(completionTextKey(completionNotice({ ...base, training: true, report: false }))).toBe("completion.trainingNoReport");
  });

  it("R-SCR-07 on-site wins over everything and never offers the report", () => {
    const notice = completionNotice({ onSite: true, training: true, report: true, smartphone: true });
    expect(notice).toEqual({ variant: "on-site", report: false, smartphone: true });
    expect(completionTextKey(notice)).toBe("completion.onSite");
  });
});

describe("home side panel (spec §2)", () => {
  it("the trainee area and the side-panel area have one, the others not", () => {
    expect(homeHasSidePanel("trainee")).toBe(true);
    expect(homeHasSidePanel("side-panel")).toBe(true);
    for (const area of ["generic", "generic-on-site", "initiative", "preview"]) expect(homeHasSidePanel(area)).toBe(false);
  });
});
