import type { Router } from "express";
import { requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { route, success } from "../http/handlers";
import { RETENTION_VIEW_DAYS, retentionView } from "../jobs/retention";
import { recruiterScope } from "./access";

/**
 * What the retention job will erase in the next 30 days (docs/api.md, Retention; docs/decisions/187): the customer's
 * period and where it comes from, and the applicants with the day each is due. Read-only: the period is the
 * customer's configuration, not a recruiter's setting.
 */
export function retentionRoutes(router: Router, ctx: ApiContext): void {
  router.get(
    "/:cstm/recruiter/retention",
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      const view = retentionView(ctx, scope.customer);
      success(res, {
        retentionMonths: view.period.months,
        source: view.period.source,
        days: RETENTION_VIEW_DAYS,
        today: view.today,
        until: view.until,
        total: view.total,
        applicants: view.applicants.map(({ userName, firstName, lastName, dueOn }) => ({ userName, firstName, lastName, dueOn })),
      });
    }),
  );
}
