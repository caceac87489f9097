import type { Router } from "express";
import { requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { route, success } from "../http/handlers";
import { parseQuery } from "../http/validation";
import { customerLanguage, languageSchema } from "../languages";
import { recruiterScope } from "./access";
import { recruiterStats, statsQuerySchema } from "./stats";

const statsQuery = statsQuerySchema.extend({ language: languageSchema.optional() }).strict();

/**
 * The recruiter's progress and summary figures (docs/api.md, Recruiter statistics; docs/decisions/155):
 * GET /{cstm}/recruiter/stats, recruiter tokens of a served customer only.
 */
export function recruiterStatsRoutes(router: Router, ctx: ApiContext): void {
  router.get(
    "/:cstm/recruiter/stats",
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      const { language, ...query } = parseQuery(req, statsQuery);
      const started = performance.now();
      const timings: Record<string, number> = {};
      const body = recruiterStats(
        ctx,
        scope.customer,
        query,
        customerLanguage(scope.customer.languages, language ?? scope.recruiter.language),
        timings,
      );
      // The figures' own time (the SQL) first, then its parts, for bench/recruiter-stats.mjs and the
      // browser's dev tools.
      const parts = Object.entries(timings).map(([name, ms]) => `, stats-${name};dur=${ms.toFixed(1)}`);
      res.setHeader("Server-Timing", `stats;dur=${(performance.now() - started).toFixed(1)}${parts.join("")}`);
      success(res, body);
    }),
  );
}
