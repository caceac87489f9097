import type { Router } from "express";
import { z } from "zod";
import { requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { ApiError, badRequest, conflict } from "../http/errors";
import { route, success } from "../http/handlers";
import { parseBody, userNameSchema } from "../http/validation";
import { displayName, type User } from "../store/users";
import { recruiterScope, type RecruiterScope } from "./access";
import {
  accessSchema,
  assignProfile,
  assignProfileSchema,
  changeOpenUntil,
  editAccess,
  editOwner,
  editStatus,
  openUntilSchema,
  ownerSchema,
  statusSchema,
} from "./actions";
import { writeAudit } from "./audit";
import { eraseApplicant } from "./erase";
import { applicantLimitHit, enforceRecruiterLimit } from "./limits";
import { listApplicants, listQuerySchema, matchingApplicantIds } from "./list";
import { gatherNormParameters } from "./results-columns";
import { sendAuditedTemplateMail } from "./mails";

/**
 * POST /{cstm}/recruiter/applicants/bulk (docs/decisions/183, docs/api.md): one recruiter action on a selection of
 * the customer's applicants, in one call and one transaction. Each applicant goes through the single action's own
 * function (api/recruiter/actions.ts, mails.ts, erase.ts), so the rules, refusals and audit rows are the same; a
 * refusal of one applicant (a profile already assigned, no e-mail address, …) is that applicant's result, its
 * savepoint rolled back, never the end of the call.
 */

/** The most applicants one call reaches (decision 183): the size of the largest import (decision 153). */
export const MAX_BULK_SELECTION = 2000;

const templateSchema = z.object({ template: z.enum(["invitation", "reminder"]) }).strict();
const noParameters = z.object({}).strict().default({});

/** The actions and their parameters: the single calls' bodies (docs/api.md, Actions). */
const actionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("status"), parameters: statusSchema }),
  z.object({ action: z.literal("owner"), parameters: ownerSchema }),
  z.object({ action: z.literal("open-until"), parameters: openUntilSchema }),
  z.object({ action: z.literal("profiles"), parameters: assignProfileSchema }),
  z.object({ action: z.literal("access"), parameters: accessSchema }),
  z.object({ action: z.literal("email"), parameters: templateSchema }),
  z.object({ action: z.literal("export"), parameters: noParameters }),
  z.object({ action: z.literal("erase"), parameters: noParameters }),
]);

/** The list's filter as GET /{cstm}/recruiter/applicants takes it, without paging: resolved in SQL when the call runs. */
// Its norm ranges arrive as the list's `norm{compId}Min|Max` parameters (docs/decisions/184).
const filterSchema = z.preprocess(gatherNormParameters, listQuerySchema.omit({ page: true, pageSize: true }).strict());

const selectionSchema = z.union([
  z.object({ userNames: z.array(userNameSchema).min(1).max(MAX_BULK_SELECTION) }).strict(),
  z.object({ filter: filterSchema }).strict(),
]);

const bodySchema = actionSchema.and(z.object({ selection: selectionSchema }));

type BulkAction = z.infer<typeof actionSchema>;
type Outcome = "changed" | "unchanged" | "refused";

export interface BulkResult {
  userName: string;
  name: string | null;
  outcome: Outcome;
  /** The refusal's code, as the single call answers it (profile_already_assigned, no_email_address, unknown_user, …). */
  reason?: string;
  changes?: Record<string, unknown>;
}

/** Codes that are about the call, not one applicant: they end it, and nothing changes (the transaction rolls back). */
const CALL_ERRORS: Partial<Record<BulkAction["action"], readonly string[]>> = {
  profiles: ["unknown_profile"],
  owner: ["unknown_owner"],
};

/** The selected applicants of the customer, in the order asked for; user names that name nobody of it come back apart. */
function resolveSelection(ctx: ApiContext, scope: RecruiterScope, selection: z.infer<typeof selectionSchema>) {
  const { customer } = scope;
  if ("filter" in selection) {
    const ids = matchingApplicantIds(ctx, customer, selection.filter, MAX_BULK_SELECTION + 1);
    if (ids.length > MAX_BULK_SELECTION) throw badRequest("selection_too_large", { max: MAX_BULK_SELECTION });
    const rows = usersByIds(ctx, ids);
    return { users: ids.flatMap((id) => rows.get(id) ?? []), unknown: [] as string[] };
  }
  const wanted = [...new Set(selection.userNames)];
  // The same rule as requirePathApplicant (decision 170): the customer's own applicants, never an erased one.
  const found = ctx.db
    .prepare(
      `SELECT * FROM users WHERE user_base = ? AND cstm = ? AND role = 'applicant' AND erased_at IS NULL
       AND user_name IN (SELECT value FROM json_each(?))`,
    )
    .all(customer.userBase, customer.cstm, JSON.stringify(wanted)) as User[];
  const byName = new Map(found.map((user) => [user.user_name, user]));
  return { users: wanted.flatMap((name) => byName.get(name) ?? []), unknown: wanted.filter((name) => !byName.has(name)) };
}

function usersByIds(ctx: ApiContext, ids: number[]): Map<number, User> {
  const rows = ctx.db.prepare("SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?))").all(JSON.stringify(ids)) as User[];
  return new Map(rows.map((user) => [user.id, user]));
}

/** One applicant's change through the single action's function; returns what changed ({} for nothing). */
function applyOne(ctx: ApiContext, scope: RecruiterScope, user: User, body: BulkAction): Record<string, unknown> {
  switch (body.action) {
    case "status":
      return editStatus(ctx, scope, user, body.parameters);
    case "owner":
      return editOwner(ctx, scope, user, body.parameters);
    case "open-until":
      return changeOpenUntil(ctx, scope, user, body.parameters);
    case "profiles":
      return assignProfile(ctx, scope, user, body.parameters);
    case "access":
      return editAccess(ctx, scope, user, body.parameters);
    case "email": {
      if (!user.email) throw conflict("no_email_address");
      // The single mail's limit per applicant (decision 171): one inbox gets at most a few an hour, bulk or not.
      if (applicantLimitHit(ctx, "email", user)) throw new ApiError(429, "too_many_requests");
      const mailId = sendAuditedTemplateMail(ctx, scope, user as User & { email: string }, body.parameters.template);
      return { template: body.parameters.template, mailId };
    }
    case "erase":
      eraseApplicant(ctx, scope, user);
      return { erased: true };
    case "export":
      // What left, per applicant (decision 183): their audit log says they were in an exported selection.
      writeAudit(ctx, scope, user, "selection_exported", {});
      return { exported: true };
  }
}

export function runBulk(ctx: ApiContext, scope: RecruiterScope, body: BulkAction & { selection: z.infer<typeof selectionSchema> }) {
  const callErrors = CALL_ERRORS[body.action] ?? [];
  return ctx.db.transaction(() => {
    const { users, unknown } = resolveSelection(ctx, scope, body.selection);
    const results: BulkResult[] = [];
    for (const user of users) {
      const name = displayName(user) ?? null;
      try {
        // A savepoint per applicant: a refusal undoes that applicant's part only.
        const changes = ctx.db.transaction(() => applyOne(ctx, scope, user, body))();
        results.push({ userName: user.user_name, name, outcome: Object.keys(changes).length > 0 ? "changed" : "unchanged", changes });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500 || callErrors.includes(error.code)) throw error;
        results.push({ userName: user.user_name, name, outcome: "refused", reason: error.code });
      }
    }
    // Anyone else's user name (another customer's, erased, nobody) is refused like the single call's 404 (decision 170).
    for (const userName of unknown) results.push({ userName, name: null, outcome: "refused", reason: "unknown_user" });
    return { users, results };
  })();
}

const count = (results: BulkResult[], outcome: Outcome) => results.filter((result) => result.outcome === outcome).length;

export function recruiterBulkRoutes(router: Router, ctx: ApiContext): void {
  router.post(
    "/:cstm/recruiter/applicants/bulk",
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      const body = parseBody(req, bodySchema);
      // One bulk call counts once; an export counts as the list's export too (decision 171).
      enforceRecruiterLimit(ctx, scope, "bulk");
      if (body.action === "export") enforceRecruiterLimit(ctx, scope, "list-export");
      const started = performance.now();
      const { users, results } = runBulk(ctx, scope, body);
      const answer: Record<string, unknown> = {
        action: body.action,
        total: results.length,
        changed: count(results, "changed"),
        unchanged: count(results, "unchanged"),
        refused: count(results, "refused"),
        results,
      };
      if (body.action === "export") {
        // The list's rows (the export's shape), of exactly the selected applicants, in the list's order.
        // A filter's profile also decides the progress columns, as in the list's export.
        const query = "filter" in body.selection ? body.selection.filter : filterSchema.parse({});
        const ids = users.map((user) => user.id);
        answer.applicants =
          ids.length === 0 ? [] : listApplicants(ctx, scope.customer, { ...query, page: 1, pageSize: ids.length }, ids).applicants;
      }
      res.setHeader("Server-Timing", `bulk;dur=${(performance.now() - started).toFixed(1)}`);
      success(res, answer);
    }),
  );
}
