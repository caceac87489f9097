import type { Router } from "express";
import { z } from "zod";
import { authOf, requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { completedResult } from "../engine/sessions";
import { conflict, forbidden, notFound } from "../http/errors";
import { route, success } from "../http/handlers";
import { componentIdSchema, parseBody, profileIdSchema } from "../http/validation";
import type { ProfileModule } from "../store/catalogue";
import { finishedModules, profileStatus, requireAssignment } from "../store/progress";

// Built once, not per request (as the engine's bodies: api/routes/engine.ts).
const finishBody = z.object({ profileId: profileIdSchema, componentId: componentIdSchema });
const finishGroupBody = z.object({
  profileId: profileIdSchema,
  moduleIds: z
    .array(componentIdSchema)
    .min(1)
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, { message: "duplicate ids" }),
});

/**
 * finishComponent and finishFBOComponents (R-FIN-01). A Scale module needs a completed engine
 * session, a Form module saved form data; a training module may be skipped. Finishing is
 * idempotent and a group is finished all or nothing.
 */
export function modulesRoutes(router: Router, ctx: ApiContext): void {
  const savedForm = ctx.db.prepare("SELECT 1 FROM form_submissions WHERE user_id = ? AND prcm_id = ?");
  const insertProgress = ctx.db.prepare(
    "INSERT OR IGNORE INTO module_progress (user_id, prcm_id, finished_at, skipped) VALUES (?, ?, ?, ?)",
  );

  function finish(userId: number, profileId: string, componentIds: number[]) {
    const assignment = requireAssignment(ctx, userId, profileId);
    const modules = componentIds.map((componentId) => {
      const module = assignment.profile.modules.find((candidate) => candidate.component.compId === componentId);
      if (!module) throw notFound("unknown_module");
      return module;
    });
    return ctx.db.transaction(() => {
      const before = finishedModules(ctx.db, userId);
      // A closed profile accepts no new progress; finishing what is already finished stays a no-op.
      if (!assignment.isOpen && modules.some((module) => !before.has(module.prcmId))) throw forbidden("profile_closed");
      const finished: number[] = [];
      const alreadyFinished: number[] = [];
      const toFinish: { module: ProfileModule; skipped: boolean }[] = [];
      for (const module of modules) {
        const componentId = module.component.compId;
        if (before.has(module.prcmId)) {
          alreadyFinished.push(componentId);
          continue;
        }
        const hasSession = completedResult(ctx.db, userId, module.prcmId) !== undefined;
        if (module.component.type === "Scale" && !hasSession) throw conflict("session_not_completed", { componentId });
        if (module.component.type === "Form" && savedForm.get(userId, module.prcmId) === undefined) {
          throw conflict("form_not_saved", { componentId });
        }
        toFinish.push({ module, skipped: module.component.type === "Training" && !hasSession });
        finished.push(componentId);
      }
      const now = ctx.now().toISOString();
      for (const { module, skipped } of toFinish) insertProgress.run(userId, module.prcmId, now, skipped ? 1 : 0);
      const status = profileStatus(assignment.profile, finishedModules(ctx.db, userId));
      return { profileId, finished, alreadyFinished, profileStatus: status, profileCompleted: status === "A" };
    })();
  }

  router.post(
    "/finishComponent",
    requireToken(ctx),
    route((req, res) => {
      const body = parseBody(req, finishBody);
      success(res, finish(authOf(res).user.id, body.profileId, [body.componentId]));
    }),
  );

  router.post(
    "/finishFBOComponents",
    requireToken(ctx),
    route((req, res) => {
      const body = parseBody(req, finishGroupBody);
      success(res, finish(authOf(res).user.id, body.profileId, body.moduleIds));
    }),
  );
}
