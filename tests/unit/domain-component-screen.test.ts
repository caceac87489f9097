import { describe, expect, it } from "vitest";
import { assessmentScreen, componentScreenMap, DEFAULT_COMPONENT_SCREENS, ignoredComponentNameMapEntries } from "~/domain/component-screen";
import { Module } from "~/domain/module";

const scale = (id: number) => new Module({ id, type: "Scale" });
const form = (id: number, formIdentifier = "personal-data") => new Module({ id, type: "Form", formIdentifier });

describe("component-name map", () => {
  it("R-SCR-12 has a default screen for every component id of spec §2", () => {
    const ids = [31, 32, 33, 40, 42, 43, 44, 45, 46, 421, 24300, 24400, 224401];
    expect([...DEFAULT_COMPONENT_SCREENS.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect(DEFAULT_COMPONENT_SCREENS.get(40)).toBe("form");
    for (const id of ids.filter((id) => id !== 40)) expect(DEFAULT_COMPONENT_SCREENS.get(id), String(id)).toBe("frame");
  });

  it("R-SCR-12 the defaults choose the screen by component id", () => {
    expect(assessmentScreen(scale(31))).toBe("frame");
    expect(assessmentScreen(form(40))).toBe("form");
    expect(assessmentScreen(new Module({ id: 7, componentId: 224401, type: "Scale" }))).toBe("frame");
  });

  it("R-SCR-12 the customer's componentNameMap is laid over the defaults", () => {
    const map = componentScreenMap({ "500": "form", "40": "frame", "31": "Form" });
    expect(map.get(500)).toBe("form");
    expect(map.get(40)).toBe("frame");
    expect(map.get(31)).toBe("form");
    expect(map.get(32)).toBe("frame");
    // A module of another type that carries a form definition: the map decides.
    const questionnaire = new Module({ id: 500, type: "Questionnaire", formIdentifier: "application" });
    expect(assessmentScreen(questionnaire)).toBe("frame");
    expect(assessmentScreen(questionnaire, map)).toBe("form");
    const withForm40 = new Module({ id: 40, type: "Questionnaire", formIdentifier: "personal-data" });
    expect(assessmentScreen(withForm40)).toBe("form");
    expect(assessmentScreen(withForm40, map)).toBe("frame");
  });

  it("R-SCR-12 customer entries that are not a component id or not one of our screens are left out", () => {
    const customerMap = { abc: "form", "-3": "frame", "600": "video", "601": "frame" };
    const map = componentScreenMap(customerMap);
    expect(map.has(600)).toBe(false);
    expect(map.get(601)).toBe("frame");
    expect(map.size).toBe(DEFAULT_COMPONENT_SCREENS.size + 1);
    expect(ignoredComponentNameMapEntries(customerMap).sort()).toEqual(["-3", "600", "abc"]);
    expect(componentScreenMap().size).toBe(DEFAULT_COMPONENT_SCREENS.size);
  });

  it("R-SCR-12 unknown ids fall back by type: Form → form, otherwise frame", () => {
    expect(assessmentScreen(form(777, "application"))).toBe("form");
    expect(assessmentScreen(scale(777))).toBe("frame");
    expect(assessmentScreen(new Module({ id: 86, type: "Training", skippable: true }))).toBe("frame");
  });

  it("R-SCR-12 a mapped screen that cannot show the module gives way to its type (decision 027)", () => {
    // Another customer's Scale module with id 40 has no form definition to render.
    expect(assessmentScreen(scale(40))).toBe("frame");
    // The engine does not run Form modules.
    expect(assessmentScreen(form(31))).toBe("form");
    expect(assessmentScreen(form(40), componentScreenMap({ "40": "frame" }))).toBe("form");
  });
});
