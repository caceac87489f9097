/**
 * Progress (spec §4, R-CONT-03) per container and overall, what follows a finished module (R-FORM-02),
 * and whether a profile's modules are all done (R-VAL-12, the congratulation notice).
 */
import type { ModuleContainer } from "./container";
import type { Module } from "./module";
import { percentage } from "./percentage";
import type { Profile } from "./profile";

/** "x of y completed" and its percentage (R-SCR-05). */
export interface Progress {
  done: number;
  total: number;
  percentage: number;
}

export { percentage };

export function progressOf(done: number, total: number): Progress {
  return { done, total, percentage: percentage(done, total) };
}

/** R-CONT-03: finished elements of size. */
export function containerProgress(container: ModuleContainer): Progress {
  return progressOf(container.finishedElements.length, container.size);
}

/**
 * What the dashboard knows of a profile's modules: its containers, or the plain lists of open and
 * finished modules (spec §3: moduleContainers, modules, finishedModules). Containers win when there are any.
 */
export interface ModuleOverview {
  containers?: readonly ModuleContainer[];
  openModules?: readonly Module[];
  finishedModules?: readonly Module[];
}

const hasContainers = (overview: ModuleOverview): overview is ModuleOverview & { containers: readonly ModuleContainer[] } =>
  (overview.containers?.length ?? 0) > 0;

/** A report item links to the report; it is not work to do (docs/decisions/025). */
const work = (modules: readonly Module[]) => modules.filter((module) => !module.isReportItem);

/**
 * R-CONT-03: finished containers of containers; with no containers, finished modules of all modules.
 */
export function overallProgress(overview: ModuleOverview): Progress {
  if (hasContainers(overview)) {
    return progressOf(overview.containers.filter((container) => container.isFinished).length, overview.containers.length);
  }
  const finished = work(overview.finishedModules ?? []).length;
  return progressOf(finished, finished + work(overview.openModules ?? []).length);
}

/**
 * The modules still to do, in the order they are offered. With `after`, the search starts in the container
 * holding that component (its next module first), then the following containers, then the earlier ones.
 */
export function remainingModules(overview: ModuleOverview, after?: number): Module[] {
  if (!hasContainers(overview)) return work(overview.openModules ?? []);
  const containers = overview.containers;
  const start = after === undefined ? -1 : containers.findIndex((container) => container.contains(after));
  const ordered = start <= 0 ? containers : [...containers.slice(start), ...containers.slice(0, start)];
  return work(ordered.flatMap((container) => container.elements));
}

/**
 * R-VAL-12 / R-FORM-02: every module is done. A profile without any module is not "done": there is no
 * report to give and nothing to congratulate on.
 */
export function allModulesDone(overview: ModuleOverview): boolean {
  if (remainingModules(overview).length > 0) return false;
  return hasContainers(overview) || work(overview.finishedModules ?? []).length > 0;
}

/** R-FORM-02 / R-SCR-02: after a finished module, the next one with its duration, or all done. */
export type Transition = { kind: "next"; module: Module; durationMinutes: number | null } | { kind: "all-done" };

/** `overview` is the state after the module was finished (refetched); `finishedComponentId` the one just done. */
export function transitionAfterFinishing(overview: ModuleOverview, finishedComponentId?: number): Transition {
  const [next] = remainingModules(overview, finishedComponentId);
  return next ? { kind: "next", module: next, durationMinutes: next.durationMinutes } : { kind: "all-done" };
}

/** R-SCR-06 / R-VAL-12: the report exists for the profile and may be downloaded once all modules are done. */
export type ReportAvailability = "no-report" | "not-finished" | "ready";

export function reportAvailability(profile: Pick<Profile, "reportVisible">, overview: ModuleOverview): ReportAvailability {
  if (!profile.reportVisible) return "no-report";
  return allModulesDone(overview) ? "ready" : "not-finished";
}
