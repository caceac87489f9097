import { describe, expect, it } from "vitest";
import { ModuleContainer } from "~/domain/container";
import { Module } from "~/domain/module";
import { Profile } from "~/domain/profile";
import {
  allModulesDone,
  containerProgress,
  overallProgress,
  percentage,
  remainingModules,
  reportAvailability,
  transitionAfterFinishing,
} from "~/domain/progress";

const scale = (id: number, durationSeconds: number | null = null) => new Module({ id, type: "Scale", durationSeconds });
const reportItem = () => new Module({ id: 500, type: "Report", action: "Report" });

const container = (id: number, open: Module[], finished: Module[] = [], fields: Record<string, unknown> = {}) =>
  new ModuleContainer({
    id,
    name: `Container ${id}`,
    size: open.length + finished.length,
    elements: open,
    finishedElements: finished,
    ...fields,
  });

/** P100 of the demo data, with `finished` component ids done. */
function p100(finished: number[] = []) {
  const split = (modules: Module[]) => ({
    open: modules.filter((m) => !finished.includes(m.id)),
    done: modules.filter((m) => finished.includes(m.id)),
  });
  const blocks: [number, Module[], Record<string, unknown>][] = [
    [11, [scale(31, 600), scale(32, 900), scale(33)], {}],
    [12, [scale(42, 300), scale(43, 300)], { type: "fbo" }],
    [
      13,
      [
        new Module({ id: 86, type: "Training", skippable: true, durationSeconds: 180 }),
        new Module({ id: 87, type: "Training", skippable: true, durationSeconds: 180 }),
      ],
      { type: "training" },
    ],
    [14, [new Module({ id: 40, type: "Form", formIdentifier: "personal-data", durationSeconds: 300 })], {}],
  ];
  return blocks.map(([id, modules, fields]) => {
    const { open, done } = split(modules);
    return container(id, open, done, fields);
  });
}
const ALL_P100 = [31, 32, 33, 42, 43, 86, 87, 40];

const profile = (discoverReportVisible: boolean) =>
  new Profile({ id: "P100", name: "Ausbildung 2027", status: "B", isOpen: true, hasActiveComponents: true, discoverReportVisible });

describe("container progress", () => {
  it("R-CONT-03 container progress is finished elements of size, x of y and a percentage", () => {
    const [first] = p100([31]);
    expect(containerProgress(first)).toEqual({ done: 1, total: 3, percentage: 33 });
  });

  it("R-CONT-03 the size, not the number of elements, is the whole (default 8)", () => {
    const c = new ModuleContainer({ id: 1, name: "A", elements: [scale(32)], finishedElements: [scale(31)] });
    expect(containerProgress(c)).toEqual({ done: 1, total: 8, percentage: 12 });
  });

  it("R-CONT-03 percentages are whole numbers rounded down, 0 for nothing to do (decision 023)", () => {
    expect(percentage(199, 200)).toBe(99);
    expect(percentage(2, 3)).toBe(66);
    expect(percentage(3, 3)).toBe(100);
    expect(percentage(0, 0)).toBe(0);
  });
});

describe("overall progress", () => {
  it("R-CONT-03 overall progress is finished containers of containers", () => {
    expect(overallProgress({ containers: p100() })).toEqual({ done: 0, total: 4, percentage: 0 });
    expect(overallProgress({ containers: p100([31, 32, 33, 42]) })).toEqual({ done: 1, total: 4, percentage: 25 });
    expect(overallProgress({ containers: p100([31, 32, 33, 42, 43, 86, 87]) })).toEqual({ done: 3, total: 4, percentage: 75 });
    expect(overallProgress({ containers: p100(ALL_P100) })).toEqual({ done: 4, total: 4, percentage: 100 });
  });

  it("R-CONT-03 containers win over module lists when there are any", () => {
    const overview = { containers: p100([31]), openModules: [scale(99)], finishedModules: [scale(31)] };
    expect(overallProgress(overview)).toEqual({ done: 0, total: 4, percentage: 0 });
  });

  it("R-CONT-03 with no containers, overall progress is finished modules of all modules", () => {
    const overview = { containers: [], openModules: [scale(32), scale(33)], finishedModules: [scale(31)] };
    expect(overallProgress(overview)).toEqual({ done: 1, total: 3, percentage: 33 });
    expect(overallProgress({})).toEqual({ done: 0, total: 0, percentage: 0 });
  });

  it("R-CONT-03 a report item is not counted as a module to do (decision 025)", () => {
    expect(overallProgress({ openModules: [reportItem()], finishedModules: [scale(31)] })).toEqual({ done: 1, total: 1, percentage: 100 });
  });
});

describe("after finishing a module", () => {
  it("R-FORM-02 the transition names the next module and its duration in minutes", () => {
    const transition = transitionAfterFinishing({ containers: p100([31]) }, 31);
    expect(transition.kind).toBe("next");
    if (transition.kind !== "next") return;
    expect(transition.module.id).toBe(32);
    expect(transition.durationMinutes).toBe(15);
  });

  it("R-FORM-02 the next module comes from the finished one's container first, then the following ones", () => {
    const containers = p100([42, 43]);
    expect(remainingModules({ containers }, 43).map((m) => m.id)).toEqual([86, 87, 40, 31, 32, 33]);
    expect(remainingModules({ containers }).map((m) => m.id)).toEqual([31, 32, 33, 86, 87, 40]);
    const transition = transitionAfterFinishing({ containers }, 43);
    expect(transition.kind === "next" && transition.module.id).toBe(86);
  });

  it("R-FORM-02 without containers the next module is the first open one", () => {
    const transition = transitionAfterFinishing({ openModules: [scale(33)], finishedModules: [scale(31), scale(32)] }, 32);
    expect(transition).toEqual({ kind: "next", module: scale(33), durationMinutes: 8 });
  });

  it("R-FORM-02 with every module done the transition is all done (congratulation notice)", () => {
    expect(transitionAfterFinishing({ containers: p100(ALL_P100) }, 40)).toEqual({ kind: "all-done" });
    expect(transitionAfterFinishing({ openModules: [], finishedModules: [scale(31)] })).toEqual({ kind: "all-done" });
  });
});

describe("all modules done", () => {
  it("R-VAL-12 all modules are done only when no container has a remaining module", () => {
    expect(allModulesDone({ containers: p100(ALL_P100) })).toBe(true);
    expect(allModulesDone({ containers: p100(ALL_P100.filter((id) => id !== 40)) })).toBe(false);
    expect(allModulesDone({ containers: p100() })).toBe(false);
  });

  it("R-VAL-12 without containers: no open module and at least one finished", () => {
    expect(allModulesDone({ openModules: [], finishedModules: [scale(31)] })).toBe(true);
    expect(allModulesDone({ openModules: [scale(32)], finishedModules: [scale(31)] })).toBe(false);
    expect(allModulesDone({ openModules: [], finishedModules: [] })).toBe(false);
    expect(allModulesDone({ openModules: [reportItem()], finishedModules: [scale(31)] })).toBe(true);
  });

  it("R-VAL-12 the report is ready only when it exists and all modules are done", () => {
    expect(reportAvailability(profile(true), { containers: p100(ALL_P100) })).toBe("ready");
    expect(reportAvailability(profile(true), { containers: p100([31]) })).toBe("not-finished");
    expect(reportAvailability(profile(false), { containers: p100(ALL_P100) })).toBe("no-report");
  });
});
