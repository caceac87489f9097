import type { Router } from "express";
import { z } from "zod";
import { requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import { conflict, notFound } from "../http/errors";
import { route, success } from "../http/handlers";
import { parseBody, parseParams } from "../http/validation";
import { recruiterScope, type RecruiterScope } from "./access";
import { listQueryInput } from "./list";

/**
 * A recruiter's saved views of the applicant list (docs/api.md, Saved views; docs/decisions/188):
 * GET /{cstm}/recruiter/views, POST /{cstm}/recruiter/views, POST /{cstm}/recruiter/views/{id}/delete.
 * A view is a name and the list's query (filters and sort, never a page); it belongs to one recruiter at one
 * customer, so another recruiter's id answers 404 like none, and a customer the recruiter does not serve 403.
 * Not applicant data, so not in the applicant audit log (decision 188).
 */
export const VIEW_NAME_MAX = 60;
export const VIEWS_MAX = 50;
const QUERY_MAX = 2000;

/** The list's query as stored: valid for the list call, without paging (a view opens on its first page). */
const querySchema = z
  .string()
  .max(QUERY_MAX)
  .transform((query, issue) => {
    const params = new URLSearchParams(query);
    params.delete("page");
    params.delete("pageSize");
    if (!listQueryInput.safeParse(Object.fromEntries(params)).success) {
      issue.addIssue({ code: z.ZodIssueCode.custom, message: "invalid list query" });
      return z.NEVER;
    }
    return params.toString();
  });

const viewSchema = z.object({ name: z.string().trim().min(1).max(VIEW_NAME_MAX), query: querySchema }).strict();
const viewParams = z.object({ cstm: z.string(), id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

interface ViewRow {
  id: number;
  name: string;
  query: string;
  created_at: string;
}

const toView = (row: ViewRow) => ({ id: row.id, name: row.name, query: row.query, createdAt: row.created_at });

function viewsOf(ctx: ApiContext, scope: RecruiterScope) {
  return (
    statement(
      ctx.db,
      "SELECT id, name, query, created_at FROM recruiter_views WHERE recruiter_id = ? AND cstm = ? ORDER BY name COLLATE NOCASE, id",
    ).all(scope.recruiter.id, scope.customer.cstm) as ViewRow[]
  ).map(toView);
}

export function savedViewRoutes(router: Router, ctx: ApiContext): void {
  const base = "/:cstm/recruiter/views";

  router.get(
    base,
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      success(res, { views: viewsOf(ctx, scope) });
    }),
  );

  router.post(
    base,
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      const body = parseBody(req, viewSchema);
      const view = ctx.db.transaction(() => {
        const taken = statement(
          ctx.db,
          "SELECT 1 FROM recruiter_views WHERE recruiter_id = ? AND cstm = ? AND name = ? COLLATE NOCASE",
        ).get(scope.recruiter.id, scope.customer.cstm, body.name);
        if (taken) throw conflict("duplicate_name", { name: "duplicate" });
        const count = (
          statement(ctx.db, "SELECT COUNT(*) AS n FROM recruiter_views WHERE recruiter_id = ? AND cstm = ?").get(
            scope.recruiter.id,
            scope.customer.cstm,
          ) as { n: number }
        ).n;
        if (count >= VIEWS_MAX) throw conflict("too_many_views");
        const createdAt = ctx.now().toISOString();
        const id = Number(
          statement(ctx.db, "INSERT INTO recruiter_views (recruiter_id, cstm, name, query, created_at) VALUES (?, ?, ?, ?, ?)").run(
            scope.recruiter.id,
            scope.customer.cstm,
            body.name,
            body.query,
            createdAt,
          ).lastInsertRowid,
        );
        return toView({ id, name: body.name, query: body.query, created_at: createdAt });
      })();
      success(res, { view }, 201);
    }),
  );

  router.post(
    `${base}/:id/delete`,
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      const { id } = parseParams(req, viewParams);
      parseBody(req, z.object({}).strict());
      const deleted = statement(ctx.db, "DELETE FROM recruiter_views WHERE id = ? AND recruiter_id = ? AND cstm = ?").run(
        id,
        scope.recruiter.id,
        scope.customer.cstm,
      ).changes;
      if (deleted === 0) throw notFound("unknown_view");
      success(res, { deleted: true });
    }),
  );
}
