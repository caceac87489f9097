import { describe, expect, it } from "vitest";
import {
  buildContainers,
  ContainersInitError,
  DEFAULT_CONTAINER_ICON,
  InvalidContainerError,
  ModuleContainer,
  NothingToStepError,
} from "~/domain/container";
import { InvalidModuleError, Module } from "~/domain/module";

const scale = (id: number, fields: Partial<Record<string, unknown>> = {}) =>
  new Module({ id, type: "Scale", displayName: `Modul ${id}`, ...fields });

const container = (fields: Partial<Record<string, unknown>> = {}) =>
  new ModuleContainer({ id: 11, name: "Kognitive Fähigkeiten", elements: [scale(31), scale(32), scale(33)], ...fields });

describe("ModuleContainer validation", () => {
  it("R-VAL-07 the id is required", () => {
    expect(() => container({ id: undefined })).toThrow(InvalidContainerError);
    expect(() => container({ id: null })).toThrow(/id/);
    expect(() => container({ id: "" })).toThrow(/id/);
    expect(container({ id: "c-11" }).id).toBe("c-11");
  });

  it("R-VAL-07 the name must be non-empty", () => {
    expect(() => container({ name: undefined })).toThrow(/name/);
    expect(() => container({ name: "" })).toThrow(InvalidContainerError);
    expect(() => container({ name: "   " })).toThrow(/name/);
  });

  it("R-VAL-07 the type must be test, fbo or training", () => {
    expect(() => container({ type: "exam" })).toThrow(/type/);
    for (const type of ["test", "fbo", "training"]) expect(container({ type }).type).toBe(type);
  });

  it("R-VAL-07 finished elements may not exceed the size", () => {
    const finished = [scale(31), scale(32), scale(33)];
    expect(() => container({ size: 2, elements: [], finishedElements: finished })).toThrow(/finishedElements/);
    expect(container({ size: 3, elements: [], finishedElements: finished }).finishedElements).toHaveLength(3);
  });

  it("R-VAL-07 the size must be a positive integer", () => {
    expect(() => container({ size: 0 })).toThrow(/size/);
    expect(() => container({ size: 2.5 })).toThrow(/size/);
    expect(() => container({ size: "8" })).toThrow(/size/);
  });

  it("R-VAL-07 elements must be Module instances", () => {
    expect(() => container({ elements: [{ id: 31, type: "Scale" }] })).toThrow(/elements/);
    expect(() => container({ finishedElements: [scale(31), "32"] })).toThrow(/finishedElements/);
    expect(() => container({ elements: scale(31) })).toThrow(/elements/);
  });

  it("R-VAL-07 the error names every problem at once", () => {
    try {
      new ModuleContainer({ id: 12, name: "", type: "exam" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidContainerError);
      expect((error as InvalidContainerError).id).toBe(12);
      expect((error as InvalidContainerError).problems).toEqual(["name", "type"]);
    }
  });
});

describe("ModuleContainer defaults", () => {
  it("R-ENT-04 type defaults to test, size to 8, description to empty", () => {
    const c = new ModuleContainer({ id: 11, name: "Block" });
    expect(c.type).toBe("test");
    expect(c.size).toBe(8);
    expect(c.description).toBe("");
    expect(c.elements).toEqual([]);
    expect(c.finishedElements).toEqual([]);
  });

  it("R-ENT-04 without icon and iconPath the icon is IconDiagrammanalyse (decision 021)", () => {
    expect(DEFAULT_CONTAINER_ICON).toBe("IconDiagrammanalyse");
    expect(container().icon).toBe("IconDiagrammanalyse");
    expect(container({ icon: null, iconPath: null }).icon).toBe("IconDiagrammanalyse");
    expect(container({ icon: "  ", iconPath: "" }).icon).toBe("IconDiagrammanalyse");
  });

  it("R-ENT-04 a given icon or iconPath is kept; an iconPath alone needs no default icon", () => {
    expect(container({ icon: "IconTeam" }).icon).toBe("IconTeam");
    const withPath = container({ iconPath: "/api/media/team.svg" });
    expect(withPath.iconPath).toBe("/api/media/team.svg");
    expect(withPath.icon).toBeNull();
  });

  it("R-VAL-07 an icon that is not a string makes the container invalid", () => {
    expect(() => container({ icon: 42 })).toThrow(/icon/);
    expect(() => container({ iconPath: {} })).toThrow(/iconPath/);
  });
});

describe("ModuleContainer computed values", () => {
  it("R-CONT-01 a container is finished when no elements remain", () => {
    expect(container().isFinished).toBe(false);
    expect(container({ elements: [], finishedElements: [scale(31)] }).isFinished).toBe(true);
  });

  it("R-ENT-04 isTraining for type training", () => {
    expect(container({ type: "training" }).isTraining).toBe(true);
    expect(container({ type: "test" }).isTraining).toBe(false);
    expect(container({ type: "fbo" }).isTraining).toBe(false);
  });

  it("R-CONT-03 progressPercentage = finished / size, rounded down", () => {
    expect(container({ size: 3, elements: [scale(32), scale(33)], finishedElements: [scale(31)] }).progressPercentage).toBe(33);
    expect(container({ size: 3, elements: [scale(33)], finishedElements: [scale(31), scale(32)] }).progressPercentage).toBe(66);
    expect(container({ size: 3, elements: [], finishedElements: [scale(31), scale(32), scale(33)] }).progressPercentage).toBe(100);
    expect(container({ elements: [], finishedElements: [scale(31), scale(32)] }).progressPercentage).toBe(25);
    expect(container().progressPercentage).toBe(0);
  });

  it("R-ENT-04 duration = minutes of the remaining modules (R-CON-01 each)", () => {
    const c = container({ elements: [scale(31, { durationSeconds: 600 }), scale(32, { durationSeconds: 900 }), scale(33)] });
    expect(c.durationMinutes).toBe(10 + 15 + 8);
    expect(c.step().durationMinutes).toBe(15 + 8);
    expect(container({ elements: [scale(198)] }).durationMinutes).toBeNull();
    expect(container({ elements: [] }).durationMinutes).toBeNull();
    expect(container({ elements: [scale(198), scale(91)] }).durationMinutes).toBe(30);
  });
});

describe("ModuleContainer finish date", () => {
  it("R-CONT-02 the finish date is the latest finishedAt among finished elements", () => {
    const c = container({
      elements: [],
      finishedElements: [
        scale(31, { finishedAt: "2027-03-01T09:00:00.000Z" }),
        scale(32, { finishedAt: "2027-03-02T10:00:00.000Z" }),
        scale(33, { finishedAt: "2027-03-01T11:00:00.000Z" }),
      ],
    });
    expect(c.finishedAt.toISOString()).toBe("2027-03-02T10:00:00.000Z");
  });

  it("R-CONT-02 with no finished element the baseline 2000-01-01 is used", () => {
    expect(container().finishedAt.toISOString()).toBe("2000-01-01T00:00:00.000Z");
    expect(container({ finishedElements: [scale(30)] }).finishedAt.toISOString()).toBe("2000-01-01T00:00:00.000Z");
  });
});

describe("ModuleContainer stepping", () => {
  it("R-CONT-01 stepping moves the first remaining element to finished and activates the next", () => {
    const at = new Date("2027-03-01T09:30:00.000Z");
    const c = container();
    expect(c.activeModule?.id).toBe(31);
    const stepped = c.step(at);
    expect(stepped.elements.map((m) => m.id)).toEqual([32, 33]);
    expect(stepped.finishedElements.map((m) => m.id)).toEqual([31]);
    expect(stepped.activeModule?.id).toBe(32);
    expect(stepped.finishedAt).toEqual(at);
    expect(c.elements.map((m) => m.id)).toEqual([31, 32, 33]);
  });

  it("R-CONT-01 stepping through every element finishes the container", () => {
    const done = container().step().step().step();
    expect(done.isFinished).toBe(true);
    expect(done.activeModule).toBeNull();
    expect(done.finishedElements.map((m) => m.id)).toEqual([31, 32, 33]);
  });

  it("R-CONT-01 stepping with nothing left is an error", () => {
    const done = container({ elements: [], finishedElements: [scale(31)] });
    expect(() => done.step()).toThrow(NothingToStepError);
    expect(() => container().step().step().step().step()).toThrow(/no remaining element/);
  });

  it("R-CONT-01 fbo: the elements are one group; stepping finishes the whole group", () => {
    const fbo = container({ type: "fbo", elements: [scale(42), scale(43)] });
    expect(fbo.activeGroup.map((m) => m.id)).toEqual([42, 43]);
    expect(fbo.groupModuleIds).toEqual([42, 43]);
    const stepped = fbo.step();
    expect(stepped.isFinished).toBe(true);
    expect(stepped.finishedElements.map((m) => m.id)).toEqual([42, 43]);
    expect(() => stepped.step()).toThrow(NothingToStepError);
  });

  it("R-CONT-01 a test container's group is its active module only", () => {
    expect(container().groupModuleIds).toEqual([31]);
    expect(container({ elements: [] }).groupModuleIds).toEqual([]);
  });
});

describe("finishing a module of a container", () => {
  it("R-FIN-01 a module of a test container is finished alone", () => {
    expect(container().planFinish(32)).toEqual({ kind: "module", componentId: 32 });
  });

  it("R-FIN-01 a module of an fbo container finishes every module of the group together", () => {
    const fbo = container({ type: "fbo", elements: [scale(42), scale(43)] });
    expect(fbo.planFinish(43)).toEqual({ kind: "group", componentIds: [42, 43] });
  });

  it("R-FIN-01 finishing twice is recognised, so it never counts twice", () => {
    const stepped = container().step();
    expect(stepped.planFinish(31)).toEqual({ kind: "already-finished" });
    expect(container().planFinish(99)).toEqual({ kind: "not-in-container" });
    expect(container().contains(33)).toBe(true);
    expect(stepped.contains(31)).toBe(true);
    expect(stepped.contains(99)).toBe(false);
  });
});

describe("building the containers of a profile", () => {
  it("R-VAL-07 invalid containers are dropped, valid ones kept, and 'Could not initialize Containers' is reported", () => {
    const { containers, failure } = buildContainers([
      { id: 11, name: "Kognitive Fähigkeiten", elements: [scale(31)] },
      { id: 12, name: "" },
      { id: 13, name: "Arbeitsstil", type: "fbo", elements: [scale(42), scale(43)] },
      { name: "ohne id" },
    ]);
    expect(containers.map((c) => c.id)).toEqual([11, 13]);
    expect(failure).toBeInstanceOf(ContainersInitError);
    expect(failure?.message).toBe("Could not initialize Containers");
    expect(failure?.containers.map((c) => c.id)).toEqual([11, 13]);
    expect(failure?.rejected.map((r) => [r.index, r.id])).toEqual([
      [1, 12],
      [3, undefined],
    ]);
    expect(failure?.errors.every((e) => e instanceof InvalidContainerError)).toBe(true);
  });

  it("R-VAL-07 with every container valid there is no failure", () => {
    const { containers, failure } = buildContainers([
      { id: 11, name: "A" },
      { id: 12, name: "B" },
    ]);
    expect(containers).toHaveLength(2);
    expect(failure).toBeNull();
    expect(buildContainers([])).toEqual({ containers: [], failure: null });
  });

  it("R-VAL-07 with a mapping function, a record whose module is invalid drops only that container", () => {
    const records = [
      { pcc: 1, label: "A", modules: [{ id: 31, type: "Scale" }] },
      { pcc: 2, label: "B", modules: [{ id: 40, type: "Form" }] },
    ];
    const { containers, failure } = buildContainers(
      records,
      (record) => new ModuleContainer({ id: record.pcc, name: record.label, elements: record.modules.map((m) => new Module(m)) }),
    );
    expect(containers.map((c) => c.id)).toEqual([1]);
    expect(failure?.rejected).toHaveLength(1);
    expect(failure?.rejected[0]?.index).toBe(1);
    expect(failure?.rejected[0]?.error).toBeInstanceOf(InvalidModuleError);
  });
});
