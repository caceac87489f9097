import { describe, expect, it } from "vitest";
import { canDownloadReport, contentDisposition, reportDisposition, reportStatus, type ReportBinding } from "~/domain/report";

const binding = (name: string): ReportBinding => ({ name, scales: [{ componentId: 31, name: "Sprachverständnis", finished: true }] });
const modules = (finished: number, total: number) => Array.from({ length: total }, (_, index) => ({ finished: index < finished }));

describe("report status (R-ENT-07, R-VAL-12)", () => {
  it("R-ENT-07 the first binding is the relevant one; none means the profile has no report", () => {
    expect(reportStatus({ bindings: [binding("A"), binding("B")], moduleStatus: modules(1, 2) }).binding?.name).toBe("A");
    const none = reportStatus({ bindings: [], moduleStatus: [], finishedModules: 2, totalModules: 2, allModulesFinished: true });
    expect(none.binding).toBeNull();
    expect(canDownloadReport(none)).toBe(false);
  });

  it("R-VAL-12 downloadable only with every module completed", () => {
    expect(canDownloadReport(reportStatus({ bindings: [binding("A")], moduleStatus: modules(2, 2) }))).toBe(true);
    expect(canDownloadReport(reportStatus({ bindings: [binding("A")], moduleStatus: modules(7, 8) }))).toBe(false);
    expect(canDownloadReport(reportStatus({ bindings: [binding("A")], moduleStatus: [] }))).toBe(false);
  });

  it("R-VAL-12 the upstream's counts win over the per-module list, and 'all finished' must agree with them", () => {
    const counted = reportStatus({ bindings: [binding("A")], moduleStatus: modules(0, 2), finishedModules: 8, totalModules: 8 });
    expect(counted).toMatchObject({ finishedModules: 8, totalModules: 8, allModulesFinished: true });
    expect(reportStatus({ bindings: [binding("A")], moduleStatus: modules(2, 2), allModulesFinished: false }).allModulesFinished).toBe(
      false,
    );
    const contradicting = reportStatus({
      bindings: [binding("A")],
      moduleStatus: [],
      finishedModules: 7,
      totalModules: 8,
      allModulesFinished: true,
    });
    expect(canDownloadReport(contradicting)).toBe(false);
  });
});

describe("report file (R-REP-01)", () => {
  it("R-REP-01 report.pdf as an attachment on desktops, inline (a new tab) on smartphones", () => {
    expect(reportDisposition("desktop")).toBe("attachment");
    expect(contentDisposition("desktop")).toBe('attachment; filename="report.pdf"');
    expect(contentDisposition("mobile")).toBe('inline; filename="report.pdf"');
  });
});
