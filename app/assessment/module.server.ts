import { redirect } from "@remix-run/node";
import type { DataFunctionArgs } from "~/customer/customer.server";
import { requireActiveProfile, type ActiveProfileContext } from "~/dashboard/active-profile.server";
import { assessmentScreen, componentScreenMap, ignoredComponentNameMapEntries, type AssessmentScreen } from "~/domain/component-screen";
import type { ModuleContainer } from "~/domain/container";
import { customerPath } from "~/domain/customer-path";
import type { Module } from "~/domain/module";
import { reportServerError } from "~/errors/report.server";
import { getContainers, type ContainersResult } from "~/upstream/dashboard.server";
import type { DraftKey } from "./draft-store.server";

/**
 * Every assessment page starts here: the signed-in applicant's active profile (R-RTE-05), the module
 * named in the URL found among that profile's containers, and the screen it is shown on (R-SCR-12).
 * A module id that is not in the profile is an unknown path: page-not-found (docs/decisions/041).
 */
export interface AssessmentTarget extends ActiveProfileContext {
  moduleId: number;
  screens: Map<number, AssessmentScreen>;
}

export interface AssessmentModule extends AssessmentTarget {
  containers: ModuleContainer[];
  container: ModuleContainer;
  module: Module;
  finished: boolean;
  screen: AssessmentScreen;
}

const MODULE_ID = /^[1-9]\d{0,8}$/;

export function parseModuleId(value: string | undefined): number | null {
  return value && MODULE_ID.test(value) ? Number(value) : null;
}

/** Who and which module, before any data call (none is needed when the profile is already active). */
export async function requireAssessmentTarget(args: DataFunctionArgs): Promise<AssessmentTarget> {
  const profile = await requireActiveProfile(args);
  const moduleId = parseModuleId(args.params.moduleId);
  if (moduleId === null) throw notFound(profile);
  const customerMap = profile.config.componentNameMap;
  const ignored = ignoredComponentNameMapEntries(customerMap);
  // A typo in the configuration must not break a page, but someone should hear of it (decision 027).
  if (ignored.length > 0) args.context.logger.warn({ cstm: profile.cstm, ignored }, "componentNameMap entries ignored");
  return { ...profile, moduleId, screens: componentScreenMap(customerMap) };
}

/** The profile's containers; containers that cannot be built are reported (R-VAL-07), the rest kept. */
export async function loadContainers(args: DataFunctionArgs, target: AssessmentTarget): Promise<ModuleContainer[]> {
  const result: ContainersResult = await getContainers(args.context, target.session, target.profileId, target.language);
  if (result.failure) reportServerError(result.failure, args.request, args.context, { profileId: target.profileId });
  return result.containers;
}

/** The module of the URL in the containers (by module id, else by component id), or null. */
export function locateAssessmentModule(target: AssessmentTarget, containers: ModuleContainer[]): AssessmentModule | null {
  const all = containers.flatMap((container) =>
    [...container.elements, ...container.finishedElements].map((module) => ({ container, module })),
  );
  const found = all.find(({ module }) => module.id === target.moduleId) ?? all.find(({ module }) => module.componentId === target.moduleId);
  if (!found) return null;
  const { container, module } = found;
  return {
    ...target,
    containers,
    container,
    module,
    finished: container.finishedElements.includes(module),
    screen: assessmentScreen(module, target.screens),
  };
}

/** The module of the URL, or page-not-found: a module that is not the profile's is an unknown path. */
export function findAssessmentModule(target: AssessmentTarget, containers: ModuleContainer[]): AssessmentModule {
  const loaded = locateAssessmentModule(target, containers);
  if (!loaded) throw notFound(target);
  return loaded;
}

export function notFound(target: Pick<AssessmentTarget, "cstm">): Response {
  return redirect(customerPath(target.cstm, "/page-not-found"));
}

export async function loadAssessmentModule(args: DataFunctionArgs): Promise<AssessmentModule> {
  const target = await requireAssessmentTarget(args);
  return findAssessmentModule(target, await loadContainers(args, target));
}

export function draftKey(target: AssessmentTarget): DraftKey {
  return { cstm: target.cstm, userName: target.applicant.userName, profileId: target.profileId, moduleId: target.moduleId };
}

/** Paths of one module's pages. */
export function assessmentPath(cstm: string, moduleId: number, page: "" | "summary" | "saved" | "done" | "draft" = ""): string {
  return customerPath(cstm, `/assessment/${moduleId}${page ? `/${page}` : ""}`);
}
