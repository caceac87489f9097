import type { AppLoadContext } from "@remix-run/node";
import { containerProgress, transitionAfterFinishing } from "~/domain/progress";
import { customerPath } from "~/domain/customer-path";
import { finalizeApplication, finishComponents, type FinishAnswer } from "~/upstream/assessment.server";
import { assessmentPath, type AssessmentModule } from "./module.server";

/**
 * R-FIN-01: finishing a module tells the upstream (an fbo container: the whole group at once); the
 * page that follows refetches the containers, so progress is always the upstream's. A module that is
 * finished already sends nothing (decision 024), and the upstream is idempotent besides, so a double
 * click, a resubmit or the back button never counts twice.
 */
export async function finishAssessmentModule(context: AppLoadContext, loaded: AssessmentModule): Promise<FinishAnswer> {
  const plan = loaded.container.planFinish(loaded.module.componentId);
  if (plan.kind === "already-finished" || plan.kind === "not-in-container") return { kind: "finished", profileCompleted: false };
  const ids = plan.kind === "group" ? plan.componentIds : [plan.componentId];
  const answer = await finishComponents(context, loaded.session, loaded.profileId, ids, plan.kind === "group");
  if (answer.kind === "finished" && answer.profileCompleted) await finalize(context, loaded);
  return answer;
}

/**
 * Decision 120: the module that completes the profile finalises the application, once (a finished
 * module sends nothing again). The applicant's work is saved either way, so a failure here does not
 * cost them the transition screen: it is logged as an error for support staff, not shown.
 */
async function finalize(context: AppLoadContext, loaded: AssessmentModule): Promise<void> {
  try {
    await finalizeApplication(context, loaded.session);
  } catch (error) {
    context.logger.error({ err: error, profileId: loaded.profileId }, "finalizeApplication failed");
  }
}

/** The module id of a component of the profile (the upstream names components; our URLs name modules). */
export function moduleIdOfComponent(loaded: AssessmentModule, componentId: number): number | null {
  for (const container of loaded.containers) {
    const module = container.elements.find((candidate) => candidate.componentId === componentId);
    if (module) return module.id;
  }
  return null;
}

/** R-SCR-02 / R-FORM-02: what the transition screen shows after (or for an already) finished module. */
export interface TransitionView {
  moduleName: string;
  container: { name: string; done: number; total: number };
  next: { name: string; minutes: number | null; href: string } | null;
  homeHref: string;
}

export function transitionView(loaded: AssessmentModule): TransitionView {
  const transition = transitionAfterFinishing({ containers: loaded.containers }, loaded.module.componentId);
  const progress = containerProgress(loaded.container);
  return {
    moduleName: loaded.module.displayName,
    container: { name: loaded.container.name, done: progress.done, total: progress.total },
    next:
      transition.kind === "next"
        ? {
            name: transition.module.displayName,
            minutes: transition.durationMinutes,
            href: assessmentPath(loaded.cstm, transition.module.id),
          }
        : null,
    homeHref: customerPath(loaded.cstm, "/home"),
  };
}
