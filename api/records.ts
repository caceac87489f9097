import { localize, type Language } from "./languages";
import type { Container, ProfileModule } from "./store/catalogue";
import { countFinished, profileStatus, type Assignment, type Finished } from "./store/progress";

/** The JSON records of docs/api.md (module, container, profile), built from catalogue + user state. */
const IMAGE_BY_TYPE = {
  Scale: "/api/media/module-scale.svg",
  Form: "/api/media/module-form.svg",
  Training: "/api/media/module-training.svg",
} as const;

export function moduleRecord(module: ProfileModule, finished: Finished, language: Language) {
  const { component } = module;
  const state = finished.get(module.prcmId);
  const description = localize(component.descriptions, language);
  return {
    id: component.compId,
    comp_comp_id: component.compId,
    prcm_id: module.prcmId,
    pcc_id: module.pccId,
    name: component.type,
    display_name: localize(component.names, language),
    display_description: description,
    description,
    duration: component.durationS,
    skippable: component.skippable,
    form_identifier: component.formIdentifier,
    imagePath: IMAGE_BY_TYPE[component.type],
    isWrapper: false,
    stepNumber: module.stepNumber,
    finishedAt: state?.finishedAt ?? null,
    skipped: state?.skipped ?? false,
  };
}

export type ModuleRecord = ReturnType<typeof moduleRecord>;

export function splitModules(modules: ProfileModule[], finished: Finished, language: Language) {
  const records = modules.map((module) => moduleRecord(module, finished, language));
  return {
    active: records.filter((record) => record.finishedAt === null),
    finished: records.filter((record) => record.finishedAt !== null),
  };
}

export function containerRecord(container: Container, finished: Finished, language: Language) {
  const { active, finished: done } = splitModules(container.modules, finished, language);
  const latest = done.reduce<string | null>((max, record) => (max === null || record.finishedAt! > max ? record.finishedAt : max), null);
  return {
    pcc_id: container.pccId,
    display_name: localize(container.names, language),
    description: localize(container.descriptions, language),
    type: container.type,
    icon: container.icon,
    iconPath: null,
    size: container.modules.length,
    duration: container.modules.reduce((sum, module) => sum + (module.component.durationS ?? 0), 0),
    finishedAt: active.length === 0 ? latest : null,
    activeComponents: active,
    finishedComponents: done,
  };
}

export function profileRecord(assignment: Assignment, finished: Finished) {
  const { profile } = assignment;
  const finishedComponents = countFinished(profile, finished);
  return {
    prof_prof_id: profile.id,
    name: profile.name,
    description: profile.description,
    status: profileStatus(profile, finished),
    isOpen: assignment.isOpen,
    openUntil: assignment.openUntil,
    hasActiveComponents: finishedComponents < profile.modules.length,
    discoverReportVisible: profile.bindings.length > 0,
    finishedComponents,
    totalComponents: profile.modules.length,
    assignedAt: assignment.assignedAt,
  };
}
