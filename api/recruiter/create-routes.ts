import type { Router } from "express";
import { z } from "zod";
import { requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { route, success } from "../http/handlers";
import { cstmSchema, parseBody, parseParams } from "../http/validation";
import { recruiterScope } from "./access";
import { enforceRecruiterLimit } from "./limits";
import { createApplicant, createApplicantSchema } from "./create";
import { commitImport, discardImport, importView, stageImport, stageImportSchema } from "./import";

/**
 * The calls for creating applicants (docs/api.md, Creating applicants; decisions 151–153), under the workspace's
 * /{cstm}/recruiter/… with its customer check (403 customer_not_served): one applicant, and a bulk
 * import staged, shown, committed or discarded.
 */
const importParams = z.object({ cstm: cstmSchema, importId: z.string().regex(/^[0-9a-f]{32}$/) }).strict();

export function recruiterCreateRoutes(router: Router, ctx: ApiContext): void {
  router.post(
    "/:cstm/recruiter/applicants",
    requireToken(ctx),
    route(async (req, res) => {
      const scope = recruiterScope(ctx, req, res);
      enforceRecruiterLimit(ctx, scope, "create");
      const body = parseBody(req, createApplicantSchema);
      success(res, { ...(await createApplicant(ctx, scope, body)) }, 201);
    }),
  );

  router.post(
    "/:cstm/recruiter/imports",
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      enforceRecruiterLimit(ctx, scope, "import");
      const { rows } = parseBody(req, stageImportSchema);
      success(res, stageImport(ctx, scope, rows), 201);
    }),
  );

  router.get(
    "/:cstm/recruiter/imports/:importId",
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      const { importId } = parseParams(req, importParams);
      success(res, importView(ctx, scope, importId));
    }),
  );

  router.post(
    "/:cstm/recruiter/imports/:importId/commit",
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      enforceRecruiterLimit(ctx, scope, "import");
      const { importId } = parseParams(req, importParams);
      const { durationMs, ...result } = commitImport(ctx, scope, importId);
      res.setHeader("Server-Timing", `import;dur=${durationMs.toFixed(1)}`);
      success(res, result);
    }),
  );

  router.post(
    "/:cstm/recruiter/imports/:importId/discard",
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      enforceRecruiterLimit(ctx, scope, "import");
      const { importId } = parseParams(req, importParams);
      discardImport(ctx, scope, importId);
      success(res, {});
    }),
  );
}
