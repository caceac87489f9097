/**
 * ModuleContainer (spec §3, R-ENT-04), its validation (spec §5, R-VAL-07) and its states: stepping, the
 * fbo group, the finish date (spec §4, R-CONT-01/02). Immutable: stepping answers a new container.
 */
import { Module } from "./module";
import { FieldReader, type PlainFields } from "./plain-fields";
import { percentage } from "./percentage";

export const CONTAINER_TYPES = ["test", "fbo", "training"] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];

/** Spec §9 defaults. */
export const DEFAULT_CONTAINER_TYPE: ContainerType = "test";
export const DEFAULT_CONTAINER_SIZE = 8;
export const DEFAULT_CONTAINER_ICON = "IconDiagrammanalyse";
/** R-CONT-02: the finish date of a container none of whose elements is finished. */
export const FINISH_DATE_BASELINE = "2000-01-01T00:00:00.000Z";

export interface ModuleContainerFields {
  id: number | string;
  name: string;
  description: string;
  /** Name of a built-in icon. */
  icon: string | null;
  /** URL of an icon image; shown instead of `icon` when set. */
  iconPath: string | null;
  type: ContainerType;
  size: number;
  /** The remaining (open) modules, in order; the first is the active one. */
  elements: readonly Module[];
  finishedElements: readonly Module[];
}

export class InvalidContainerError extends Error {
  constructor(
    readonly id: unknown,
    readonly problems: string[],
  ) {
    super(`invalid container ${String(id)}: missing or invalid ${problems.join(", ")}`);
    this.name = "InvalidContainerError";
  }
}

/** R-CONT-01: stepping a container with nothing left is an error. */
export class NothingToStepError extends Error {
  constructor(readonly id: number | string) {
    super(`container ${id} has no remaining element to step`);
    this.name = "NothingToStepError";
  }
}

/**
 * What finishing a module takes (R-FIN-01): one module, the whole fbo group together, or nothing when it is
 * finished already (a double submit must not count twice).
 */
export type FinishPlan =
  | { kind: "module"; componentId: number }
  | { kind: "group"; componentIds: number[] }
  | { kind: "already-finished" }
  | { kind: "not-in-container" };

const isModule = (item: unknown): item is Module => item instanceof Module;

/** Blank counts as absent for the icons: the default applies (docs/decisions/021). */
const presentOrNull = (value: string | null) => (value !== null && value.trim() !== "" ? value : null);

function readContainerFields(init: PlainFields<keyof ModuleContainerFields>): ModuleContainerFields {
  const read = new FieldReader(init);
  const iconPath = presentOrNull(read.string("iconPath", null));
  const icon = presentOrNull(read.string("icon", null)) ?? (iconPath === null ? DEFAULT_CONTAINER_ICON : null);
  const fields: ModuleContainerFields = {
    id: read.identifier("id"),
    name: read.nonBlankString("name"),
    description: read.string("description", ""),
    icon,
    iconPath,
    type: read.oneOf("type", CONTAINER_TYPES, DEFAULT_CONTAINER_TYPE),
    size: read.has("size") ? read.positiveInteger("size") : DEFAULT_CONTAINER_SIZE,
    elements: read.list("elements", isModule),
    finishedElements: read.list("finishedElements", isModule),
  };
  if (fields.size > 0 && fields.finishedElements.length > fields.size) read.problems.push("finishedElements (more than size)");
  if (read.problems.length > 0) throw new InvalidContainerError(init.id, read.problems);
  return fields;
}

export class ModuleContainer implements ModuleContainerFields {
  readonly id: number | string;
  readonly name: string;
  readonly description: string;
  readonly icon: string | null;
  readonly iconPath: string | null;
  readonly type: ContainerType;
  readonly size: number;
  readonly elements: readonly Module[];
  readonly finishedElements: readonly Module[];

  /**
   * R-VAL-07: needs an id, a non-blank name and an icon (or the default); type test, fbo or training
   * (default test); size a positive integer (default 8) not exceeded by the finished elements; every
   * element a Module. Otherwise InvalidContainerError naming every problem.
   */
  constructor(init: PlainFields<keyof ModuleContainerFields>) {
    const fields = readContainerFields(init);
    this.id = fields.id;
    this.name = fields.name;
    this.description = fields.description;
    this.icon = fields.icon;
    this.iconPath = fields.iconPath;
    this.type = fields.type;
    this.size = fields.size;
    this.elements = Object.freeze([...fields.elements]);
    this.finishedElements = Object.freeze([...fields.finishedElements]);
    Object.freeze(this);
  }

  /** R-CONT-01: finished when no elements remain. */
  get isFinished(): boolean {
    return this.elements.length === 0;
  }

  get isTraining(): boolean {
    return this.type === "training";
  }

  get isFbo(): boolean {
    return this.type === "fbo";
  }

  /** The module to work on next; null when the container is finished. */
  get activeModule(): Module | null {
    return this.elements[0] ?? null;
  }

  /** R-CONT-01: the modules the next step finishes: the whole group for fbo, else the active module. */
  get activeGroup(): readonly Module[] {
    return this.isFbo ? this.elements : this.elements.slice(0, 1);
  }

  /** Component ids of the active group, as finishFBOComponents wants them (R-FIN-01). */
  get groupModuleIds(): number[] {
    return this.activeGroup.map((module) => module.componentId);
  }

  /**
   * Minutes still needed: the sum of the remaining modules' durations (R-CON-01 per module); null when
   * none of them shows a duration (docs/decisions/023).
   */
  get durationMinutes(): number | null {
    const minutes = this.elements.map((module) => module.durationMinutes).filter((value) => value !== null);
    return minutes.length === 0 ? null : minutes.reduce((sum, value) => sum + value, 0);
  }

  /** R-CONT-03: finished elements / size, as a whole percentage. */
  get progressPercentage(): number {
    return percentage(this.finishedElements.length, this.size);
  }

  /** R-CONT-02: the latest finishedAt among the finished elements; 2000-01-01 when there is none. */
  get finishedAt(): Date {
    const times = this.finishedElements.flatMap((module) => (module.finishedAt ? [module.finishedAt.getTime()] : []));
    return new Date(times.length === 0 ? FINISH_DATE_BASELINE : Math.max(...times));
  }

  /**
   * R-CONT-01: moves the first remaining element (fbo: the whole group) to the finished list and
   * activates the next. Stepping with nothing left throws NothingToStepError.
   */
  step(at: Date = new Date()): ModuleContainer {
    if (this.isFinished) throw new NothingToStepError(this.id);
    const stepped = this.activeGroup.map((module) => module.finishedOn(at));
    return new ModuleContainer({
      ...this.fields(),
      elements: this.elements.slice(stepped.length),
      finishedElements: [...this.finishedElements, ...stepped],
    });
  }

  /** R-FIN-01: what finishing this component takes; fbo modules are finished as one group. */
  planFinish(componentId: number): FinishPlan {
    if (this.elements.some((module) => module.componentId === componentId)) {
      return this.isFbo ? { kind: "group", componentIds: this.groupModuleIds } : { kind: "module", componentId };
    }
    if (this.finishedElements.some((module) => module.componentId === componentId)) return { kind: "already-finished" };
    return { kind: "not-in-container" };
  }

  /** Whether this container holds the component, open or finished. */
  contains(componentId: number): boolean {
    return [...this.elements, ...this.finishedElements].some((module) => module.componentId === componentId);
  }

  fields(): ModuleContainerFields {
    return { ...this };
  }
}

/** The outcome of building all containers of a profile: the valid ones, and the report of the rest. */
export interface ContainersBuild {
  containers: ModuleContainer[];
  /** Null when every container was built. */
  failure: ContainersInitError | null;
}

export interface RejectedContainer {
  /** Position in the input list. */
  index: number;
  /** The container's id when it is known. */
  id: unknown;
  error: unknown;
}

/**
 * R-VAL-07: 'Could not initialize Containers'. Carries the containers that were built and, as an
 * AggregateError, every rejection, so the caller logs it and sends it to Sentry without failing the page.
 */
export class ContainersInitError extends AggregateError {
  constructor(
    readonly containers: ModuleContainer[],
    readonly rejected: RejectedContainer[],
  ) {
    super(
      rejected.map((entry) => entry.error),
      "Could not initialize Containers",
    );
    this.name = "ContainersInitError";
  }
}

/**
 * R-VAL-07: builds every container; the invalid ones are dropped, the valid ones kept, and a
 * ContainersInitError reports the dropped ones. Never throws for bad data. With a mapping function any
 * record type works; whatever it throws (an invalid module too) drops that record only.
 */
export function buildContainers(inits: readonly PlainFields<keyof ModuleContainerFields>[]): ContainersBuild;
export function buildContainers<R>(records: readonly R[], toContainer: (record: R) => ModuleContainer): ContainersBuild;
export function buildContainers<R>(records: readonly R[], toContainer?: (record: R) => ModuleContainer): ContainersBuild {
  const build = toContainer ?? ((record: R) => new ModuleContainer(record as PlainFields<keyof ModuleContainerFields>));
  const containers: ModuleContainer[] = [];
  const rejected: RejectedContainer[] = [];
  records.forEach((record, index) => {
    try {
      containers.push(build(record));
    } catch (error) {
      rejected.push({ index, id: error instanceof InvalidContainerError ? error.id : undefined, error });
    }
  });
  return { containers, failure: rejected.length === 0 ? null : new ContainersInitError(containers, rejected) };
}
