import { describe, expect, it } from "vitest";
import { InvalidModuleError, Module, moduleDurationMinutes, UNKNOWN_DURATION_MINUTES, type ModuleFields } from "~/domain/module";

const module = (fields: Partial<Record<string, unknown>> = {}) => new Module({ id: 31, type: "Scale", ...fields });

describe("Module duration", () => {
  it("R-CON-01 an unknown duration shows 8 minutes", () => {
    expect(UNKNOWN_DURATION_MINUTES).toBe(8);
    expect(module().durationMinutes).toBe(8);
    expect(module({ durationSeconds: null }).durationMinutes).toBe(8);
  });

  it("R-CON-01 a known duration is seconds / 60 rounded up", () => {
    expect(module({ durationSeconds: 600 }).durationMinutes).toBe(10);
    expect(module({ durationSeconds: 601 }).durationMinutes).toBe(11);
    expect(module({ durationSeconds: 1 }).durationMinutes).toBe(1);
    expect(module({ durationSeconds: 899.5 }).durationMinutes).toBe(15);
  });

  it("R-CON-01 a duration of 0 or less counts as unknown (decision 020)", () => {
    expect(moduleDurationMinutes(31, 0)).toBe(8);
    expect(moduleDurationMinutes(31, -60)).toBe(8);
  });

  it("R-CON-01 id 91 lasts 30 minutes, whatever its seconds", () => {
    expect(module({ id: 91 }).durationMinutes).toBe(30);
    expect(module({ id: 91, durationSeconds: 60 }).durationMinutes).toBe(30);
  });

  it("R-CON-01 id 89 lasts 50 minutes, whatever its seconds", () => {
    expect(module({ id: 89 }).durationMinutes).toBe(50);
    expect(module({ id: 89, durationSeconds: 120 }).durationMinutes).toBe(50);
  });

  it("R-CON-01 id 198 has an empty duration", () => {
    expect(module({ id: 198 }).durationMinutes).toBeNull();
    expect(module({ id: 198, durationSeconds: 600 }).durationMinutes).toBeNull();
  });

  it("R-CON-01 the fixed durations go by module id, not component id", () => {
    expect(module({ id: 31, componentId: 91, durationSeconds: 120 }).durationMinutes).toBe(2);
  });
});

describe("Module derived states", () => {
  it("R-ENT-06 a report item has action Report", () => {
    expect(module({ action: "Report" }).isReportItem).toBe(true);
    expect(module({ action: "Start" }).isReportItem).toBe(false);
    expect(module().isReportItem).toBe(false);
  });

  it("R-ENT-06 training when skippable and id is 86, 87 or 88", () => {
    for (const id of [86, 87, 88]) expect(module({ id, skippable: true }).isTraining, String(id)).toBe(true);
    expect(module({ id: 86, skippable: false }).isTraining).toBe(false);
    expect(module({ id: 89, skippable: true }).isTraining).toBe(false);
    expect(module({ id: 85, skippable: true }).isTraining).toBe(false);
  });

  it("R-ENT-06 discontinuing is allowed unless the type is Scale", () => {
    expect(module({ type: "Scale" }).canDiscontinue).toBe(false);
    expect(module({ type: "Training" }).canDiscontinue).toBe(true);
    expect(module({ type: "Form", formIdentifier: "personal-data" }).canDiscontinue).toBe(true);
  });

  it("R-ENT-06 a Form renders its form identifier, other types the embedded frame", () => {
    const form = module({ id: 40, type: "Form", formIdentifier: "personal-data" });
    expect(form.rendersForm).toBe(true);
    expect(form.formIdentifier).toBe("personal-data");
    expect(module({ type: "Scale" }).rendersForm).toBe(false);
    expect(module({ type: "Training", formIdentifier: "ignored" }).rendersForm).toBe(false);
  });
});

describe("Module fields", () => {
  it("R-ENT-06 carries every field of the spec with readable names", () => {
    const fields: ModuleFields = {
      id: 31,
      componentId: 31,
      type: "Scale",
      formIdentifier: null,
      durationSeconds: 600,
      finishedAt: new Date("2027-03-01T09:30:00.000Z"),
      displayName: "Sprachverständnis",
      description: "Wie gut verstehen Sie Texte?",
      skippable: false,
      text: "Lesen Sie genau.",
      links: [{ title: "Hilfe", url: "https://example.com/help" }],
      isWrapper: true,
      wrapperTitle: "Block 1",
      wrapperDescription: "Sprache",
      scales: ["Sprachverständnis"],
      normValue: 6,
      stepNumber: 1,
      action: "Start",
      imagePath: "/api/media/module-scale.svg",
      title: "Sprache",
      path: "/assessment/31",
    };
    expect(new Module(fields).fields()).toEqual(fields);
    // finishedAt may come as an ISO string; it is kept as a Date.
    expect(new Module({ ...fields, finishedAt: "2027-03-01T09:30:00.000Z" }).finishedAt).toEqual(fields.finishedAt);
  });

  it("R-ENT-06 optional fields default to empty values; componentId defaults to id", () => {
    const m = module({ id: 42 });
    expect(m.componentId).toBe(42);
    expect(m.displayName).toBe("");
    expect(m.skippable).toBe(false);
    expect(m.links).toEqual([]);
    expect(m.finishedAt).toBeNull();
    expect(m.stepNumber).toBeNull();
  });

  it("R-ENT-06 id and type are required; malformed fields are named in the error", () => {
    expect(() => new Module({ type: "Scale" })).toThrow(InvalidModuleError);
    expect(() => new Module({ id: 0, type: "Scale" })).toThrow(/id/);
    expect(() => new Module({ id: 31 })).toThrow(/type/);
    expect(() => new Module({ id: 31, type: " " })).toThrow(/type/);
    expect(() => module({ durationSeconds: "600" })).toThrow(/durationSeconds/);
    expect(() => module({ finishedAt: "not a date" })).toThrow(/finishedAt/);
    expect(() => module({ links: [{ url: 3 }] })).toThrow(/links/);
    try {
      new Module({ id: "31", type: 7 });
      expect.unreachable();
    } catch (error) {
      expect((error as InvalidModuleError).problems).toEqual(["id", "type"]);
    }
  });

  it("R-ENT-06 a Form module without a form identifier is invalid", () => {
    expect(() => module({ type: "Form" })).toThrow(/formIdentifier/);
    expect(() => module({ type: "Form", formIdentifier: "" })).toThrow(InvalidModuleError);
  });

  it("R-CONT-01 finishing a module keeps its fields and sets finishedAt", () => {
    const at = new Date("2027-03-01T10:00:00.000Z");
    const finished = module({ displayName: "Sprache" }).finishedOn(at);
    expect(finished).toBeInstanceOf(Module);
    expect(finished.finishedAt).toEqual(at);
    expect(finished.displayName).toBe("Sprache");
    expect(Object.isFrozen(finished)).toBe(true);
  });
});
