import type { Router } from "express";
import { z } from "zod";
import type { ApiContext } from "../context";
import { conflict } from "../http/errors";
import { success } from "../http/handlers";
import { profileCall } from "../http/profile-call";
import { profileIdSchema } from "../http/validation";
import { languageSchema, localize, type Language } from "../languages";
import { MAX_SCORE } from "../engine/scoring";
import { completedResult } from "../engine/sessions";
import { renderReportPdf } from "../report/pdf";
import type { Profile } from "../store/catalogue";
import { countFinished, finishedModules, type Finished } from "../store/progress";
import { displayName } from "../store/users";
import { requestLanguage } from "./dashboard";

/** getReportBindingsWithScalesAndUserComponentStatus and createReport (R-REP-01, R-VAL-12). */
const reportSchema = z.object({ profileId: profileIdSchema, language: languageSchema.optional() });

export function reportRoutes(router: Router, ctx: ApiContext): void {
  function scalesOf(userId: number, profile: Profile, finished: Finished, scaleCompIds: number[], language: Language) {
    return scaleCompIds.flatMap((compId) => {
      const module = profile.modules.find((candidate) => candidate.component.compId === compId);
      if (!module) return [];
      const result = completedResult(ctx.db, userId, module.prcmId);
      return [
        {
          comp_comp_id: compId,
          name: localize(module.component.names, language),
          finished: finished.has(module.prcmId),
          score: result?.score ?? null,
          maxScore: MAX_SCORE,
          normValue: result?.normValue ?? null,
        },
      ];
    });
  }

  router.post(
    "/getReportBindingsWithScalesAndUserComponentStatus",
    ...profileCall(ctx, reportSchema, ({ body, auth, assignment: { profile } }, res) => {
      const language = requestLanguage(auth, body.language);
      const finished = finishedModules(ctx.db, auth.user.id);
      const finishedComponents = countFinished(profile, finished);
      success(res, {
        profileId: profile.id,
        allComponentsFinished: finishedComponents === profile.modules.length,
        finishedComponents,
        totalComponents: profile.modules.length,
        relevantReportDefinitionBindings: profile.bindings.map((binding) => ({
          rdb_id: binding.rdbId,
          name: localize(binding.names, language),
          scales: scalesOf(auth.user.id, profile, finished, binding.scaleCompIds, language),
          userComponentStatus: profile.modules.map((module) => ({
            comp_comp_id: module.component.compId,
            finished: finished.has(module.prcmId),
            finishedAt: finished.get(module.prcmId)?.finishedAt ?? null,
          })),
        })),
      });
    }),
  );

  router.post(
    "/createReport",
    ...profileCall(ctx, reportSchema, async ({ body, auth, assignment: { profile } }, res) => {
      const binding = profile.bindings[0];
      if (!binding) throw conflict("no_report");
      const finished = finishedModules(ctx.db, auth.user.id);
      const finishedComponents = countFinished(profile, finished);
      // R-VAL-12: enforced here, not only hidden in the app.
      if (finishedComponents < profile.modules.length) {
        throw conflict("modules_not_finished", { finishedComponents, totalComponents: profile.modules.length });
      }
      const language = requestLanguage(auth, body.language);
      const pdf = await renderReportPdf({
        language,
        customerName: auth.customer.name,
        applicant: displayName(auth.user) ?? auth.user.user_name,
        profileName: profile.name,
        scales: scalesOf(auth.user.id, profile, finished, binding.scaleCompIds, language).map((scale) => ({
          name: scale.name,
          score: scale.score ?? 0,
          maxScore: scale.maxScore,
          normValue: scale.normValue ?? 0,
        })),
        date: ctx.now(),
      });
      res.status(200);
      res.setHeader("Content-Type", "application/pdf");
      res.setHeader("Content-Disposition", 'attachment; filename="report.pdf"');
      res.end(Buffer.from(pdf));
    }),
  );
}
