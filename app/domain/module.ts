/**
 * Module, also called component (spec §3, R-ENT-06), and its duration rule (spec §9, R-CON-01).
 * Pure: built from plain fields with readable names; app/upstream maps the payload onto them.
 */
import { FieldReader, type PlainFields } from "./plain-fields";

/** R-ENT-06: skippable modules with these ids are training modules (spec §9). */
export const TRAINING_MODULE_IDS: ReadonlySet<number> = new Set([86, 87, 88]);

/** R-CON-01: shown when a module's duration is unknown. */
export const UNKNOWN_DURATION_MINUTES = 8;

/** R-CON-01: fixed durations by module id; null is the spec's "empty" (no duration shown). */
const FIXED_DURATION_MINUTES: ReadonlyMap<number, number | null> = new Map([
  [91, 30],
  [89, 50],
  [198, null],
]);

/** R-ENT-06: a module with this action is the report item. */
export const REPORT_ACTION = "Report";

export interface ModuleLink {
  title: string;
  url: string;
}

export interface ModuleFields {
  id: number;
  /** The component id; the screen is chosen by it (R-SCR-12). The same number as id unless told otherwise. */
  componentId: number;
  /** The spec's "name": the type name, e.g. Form, Scale, Training. */
  type: string;
  /** Set for Form modules: the form definition they render. */
  formIdentifier: string | null;
  /** Seconds; null when unknown. */
  durationSeconds: number | null;
  finishedAt: Date | null;
  displayName: string;
  /** The display description, or else the description. */
  description: string;
  skippable: boolean;
  text: string | null;
  links: readonly ModuleLink[];
  isWrapper: boolean;
  wrapperTitle: string | null;
  wrapperDescription: string | null;
  /** Names of the scales the module measures. */
  scales: readonly string[];
  normValue: number | null;
  /** 1-based position inside its container. */
  stepNumber: number | null;
  action: string | null;
  imagePath: string | null;
  title: string | null;
  path: string | null;
}

export class InvalidModuleError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid module: missing or invalid ${problems.join(", ")}`);
    this.name = "InvalidModuleError";
  }
}

/**
 * R-CON-01: 8 minutes when unknown, otherwise seconds / 60 rounded up; ids 91, 89 and 198 have fixed
 * values whatever the seconds say. A duration of 0 or less counts as unknown (docs/decisions/020).
 */
export function moduleDurationMinutes(id: number, durationSeconds: number | null): number | null {
  const fixed = FIXED_DURATION_MINUTES.get(id);
  if (fixed !== undefined) return fixed;
  if (durationSeconds === null || durationSeconds <= 0) return UNKNOWN_DURATION_MINUTES;
  return Math.ceil(durationSeconds / 60);
}

const isString = (item: unknown): item is string => typeof item === "string";
const isModuleLink = (item: unknown): item is ModuleLink =>
  typeof item === "object" && item !== null && isString((item as ModuleLink).title) && isString((item as ModuleLink).url);

function readModuleFields(init: PlainFields<keyof ModuleFields>): ModuleFields {
  const read = new FieldReader(init);
  const id = read.positiveInteger("id");
  const fields: ModuleFields = {
    id,
    componentId: read.has("componentId") ? read.positiveInteger("componentId") : id,
    type: read.nonBlankString("type"),
    formIdentifier: read.string("formIdentifier", null),
    durationSeconds: read.number("durationSeconds"),
    finishedAt: read.date("finishedAt"),
    displayName: read.string("displayName", ""),
    description: read.string("description", ""),
    skippable: read.boolean("skippable", false),
    text: read.string("text", null),
    links: Object.freeze(read.list("links", isModuleLink)),
    isWrapper: read.boolean("isWrapper", false),
    wrapperTitle: read.string("wrapperTitle", null),
    wrapperDescription: read.string("wrapperDescription", null),
    scales: Object.freeze(read.list("scales", isString)),
    normValue: read.number("normValue"),
    stepNumber: read.number("stepNumber"),
    action: read.string("action", null),
    imagePath: read.string("imagePath", null),
    title: read.string("title", null),
    path: read.string("path", null),
  };
  // A Form module renders its form definition; without an identifier there is nothing to render.
  if (fields.type === "Form" && !fields.formIdentifier?.trim() && !read.problems.includes("formIdentifier")) {
    read.problems.push("formIdentifier");
  }
  if (read.problems.length > 0) throw new InvalidModuleError(read.problems);
  return fields;
}

// The class carries exactly the fields of ModuleFields (assigned in the constructor), read-only.
export interface Module extends Readonly<ModuleFields> {}

export class Module {
  /** id and type are required; every other field is optional with an empty default. */
  constructor(init: PlainFields<keyof ModuleFields>) {
    Object.assign(this, readModuleFields(init));
    Object.freeze(this);
  }

  /** R-CON-01: minutes to show; null means no duration is shown (id 198). */
  get durationMinutes(): number | null {
    return moduleDurationMinutes(this.id, this.durationSeconds);
  }

  /** R-ENT-06: a report item has action Report. */
  get isReportItem(): boolean {
    return this.action === REPORT_ACTION;
  }

  /** R-ENT-06: training when skippable and id is 86, 87 or 88. */
  get isTraining(): boolean {
    return this.skippable && TRAINING_MODULE_IDS.has(this.id);
  }

  /** R-ENT-06: discontinuing is allowed unless the type is Scale. */
  get canDiscontinue(): boolean {
    return this.type !== "Scale";
  }

  /** R-ENT-06: a Form renders its form identifier; every other type renders the embedded assessment frame. */
  get rendersForm(): boolean {
    return this.type === "Form";
  }

  /** The same module, finished at the given time. */
  finishedOn(at: Date): Module {
    return new Module({ ...this.fields(), finishedAt: at });
  }

  fields(): ModuleFields {
    return { ...this };
  }
}
