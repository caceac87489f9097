/**
 * Which assessment screen renders a module (spec §2, R-SCR-12): chosen by numeric component id through a
 * component-name map (defaults below, the customer's `componentNameMap` on top), falling back by type.
 */
import type { Module } from "./module";

/** "form": the app's multi-field form for a form definition; "frame": the embedded assessment frame. */
export const ASSESSMENT_SCREENS = ["form", "frame"] as const;
export type AssessmentScreen = (typeof ASSESSMENT_SCREENS)[number];

/**
 * The default map for the component ids spec §2 names (docs/decisions/027): 40 is the personal-data form,
 * every other named id a module of the assessment engine.
 */
export const DEFAULT_COMPONENT_SCREENS: ReadonlyMap<number, AssessmentScreen> = new Map([
  [31, "frame"],
  [32, "frame"],
  [33, "frame"],
  [40, "form"],
  [42, "frame"],
  [43, "frame"],
  [44, "frame"],
  [45, "frame"],
  [46, "frame"],
  [421, "frame"],
  [24300, "frame"],
  [24400, "frame"],
  [224401, "frame"],
]);

const isAssessmentScreen = (name: string): name is AssessmentScreen => (ASSESSMENT_SCREENS as readonly string[]).includes(name);

/** A customer entry as [component id, screen], or null when the key is no component id or the screen not ours. */
function customerEntry(key: string, name: unknown): [number, AssessmentScreen] | null {
  const screen = typeof name === "string" ? name.trim().toLowerCase() : "";
  if (!/^\d+$/.test(key.trim()) || Number(key) <= 0 || !isAssessmentScreen(screen)) return null;
  return [Number(key), screen];
}

/** The defaults with the customer's entries on top (customer keys are component ids as strings, JSON). */
export function componentScreenMap(customerMap: Readonly<Record<string, string>> = {}): Map<number, AssessmentScreen> {
  const map = new Map(DEFAULT_COMPONENT_SCREENS);
  for (const [key, name] of Object.entries(customerMap)) {
    const entry = customerEntry(key, name);
    if (entry) map.set(...entry);
  }
  return map;
}

/** The customer entries `componentScreenMap` leaves out, for a warning in the log. */
export function ignoredComponentNameMapEntries(customerMap: Readonly<Record<string, string>>): string[] {
  return Object.entries(customerMap)
    .filter(([key, name]) => customerEntry(key, name) === null)
    .map(([key]) => key);
}

/** Whether the module can be shown on that screen: a form needs a form definition, the engine runs no Form. */
function canRender(module: Pick<Module, "rendersForm" | "formIdentifier">, screen: AssessmentScreen): boolean {
  return screen === "form" ? Boolean(module.formIdentifier) : !module.rendersForm;
}

/**
 * R-SCR-12: the map's screen for the module's component id when the module can be shown there, else the
 * screen of its type (Form → form, otherwise frame).
 */
export function assessmentScreen(
  module: Pick<Module, "componentId" | "rendersForm" | "formIdentifier">,
  map: ReadonlyMap<number, AssessmentScreen> = DEFAULT_COMPONENT_SCREENS,
): AssessmentScreen {
  const mapped = map.get(module.componentId);
  if (mapped && canRender(module, mapped)) return mapped;
  return module.rendersForm ? "form" : "frame";
}
