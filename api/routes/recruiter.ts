import type { Router } from "express";
import { z } from "zod";
import { authOf, requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { completedResult } from "../engine/sessions";
import { notFound } from "../http/errors";
import { route, success } from "../http/handlers";
import { parseParams, userNameSchema } from "../http/validation";
import { localize } from "../languages";
import { writeListAudit } from "../recruiter/audit";
import { recruiterCreateRoutes } from "../recruiter/create-routes";
import { enforceRecruiterLimit } from "../recruiter/limits";
import { recruiterWorkspaceRoutes } from "../recruiter/routes";
import { assignments, countFinished, finishedModules, profileStatus, type Finished } from "../store/progress";
import type { Customer } from "../store/catalogue";
import { findUserByName, type User } from "../store/users";

/**
 * The first recruiter calls (R-ROLE-01, R-SCR-14): applicants of the recruiter's customer, one
 * applicant's progress, and a mail to an applicant. Only recruiter tokens reach them. The recruiter
 * workspace (decision 140: list, applicant page, actions, audit) is in api/recruiter/, under /{cstm}/recruiter/….
 */
export function recruiterRoutes(router: Router, ctx: ApiContext): void {
  function summary(user: User, finished: Finished) {
    return {
      userName: user.user_name,
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      activated: user.activated === 1,
      expired: user.expired === 1,
      anonymous: user.anonymous === 1,
      registeredAt: user.created_at,
      profiles: assignments(ctx, user.id).map((assignment) => ({
        prof_prof_id: assignment.profile.id,
        name: assignment.profile.name,
        status: profileStatus(assignment.profile, finished),
        isOpen: assignment.isOpen,
        finishedComponents: countFinished(assignment.profile, finished),
        totalComponents: assignment.profile.modules.length,
      })),
    };
  }

  /** The token's customer's applicant (docs/decisions/170): one of another customer of the user base is unknown, like nobody. */
  function requireApplicant(customer: Customer, userName: string): User {
    const user = findUserByName(ctx.db, customer.userBase, userName);
    if (!user || user.role !== "applicant" || user.cstm !== customer.cstm) throw notFound("unknown_user");
    return user;
  }

  router.get(
    "/recruiter/applicants",
    requireToken(ctx),
    route((_req, res) => {
      const { customer, user: recruiter } = authOf(res);
      // An export by another name (up to 1,000 applicants with names and addresses): limited and audited as
      // one (decision 171).
      const scope = { recruiter, customer };
      enforceRecruiterLimit(ctx, scope, "list-export");
      const users = ctx.db
        .prepare("SELECT * FROM users WHERE cstm = ? AND role = 'applicant' AND erased_at IS NULL ORDER BY user_name LIMIT 1000")
        .all(customer.cstm) as User[];
      writeListAudit(ctx, scope, { via: "unpaged-list", filter: {}, rows: users.length });
      success(res, { cstm: customer.cstm, applicants: users.map((user) => summary(user, finishedModules(ctx.db, user.id))) });
    }),
  );

  router.get(
    "/recruiter/applicants/:userName",
    requireToken(ctx),
    route((req, res) => {
      const { userName } = parseParams(req, z.object({ userName: userNameSchema }));
      const { customer, user: recruiter } = authOf(res);
      const user = requireApplicant(customer, userName);
      const finished = finishedModules(ctx.db, user.id);
      const base = summary(user, finished);
      const profiles = assignments(ctx, user.id).map((assignment, index) => ({
        ...base.profiles[index],
        modules: assignment.profile.modules.map((module) => {
          const result = completedResult(ctx.db, user.id, module.prcmId);
          return {
            comp_comp_id: module.component.compId,
            display_name: localize(module.component.names, recruiter.language),
            finishedAt: finished.get(module.prcmId)?.finishedAt ?? null,
            score: result?.score ?? null,
            normValue: result?.normValue ?? null,
          };
        }),
      }));
      success(res, { applicant: { ...base, profiles } });
    }),
  );

  recruiterWorkspaceRoutes(router, ctx);
  recruiterCreateRoutes(router, ctx);
}
