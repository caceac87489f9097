import type { Router } from "express";
import { z } from "zod";
import { authOf, requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { conflict, notFound } from "../http/errors";
import { route, success } from "../http/handlers";
import { cstmSchema, parseBody, parseParams, parseQuery } from "../http/validation";
import { LANGUAGES, languageSchema, localize } from "../languages";
import { requireCustomer, statementOf, type Statement } from "../store/catalogue";
import { findUserById, type User } from "../store/users";

/** getConfiguration and the data-protection statement with its acceptance (spec §7, R-DP-01). */
export function dataProtectionState(statement: Statement, user: User) {
  return {
    dpsm_dpsm_id: statement.dpsmId,
    revision: statement.revision,
    accepted: user.dp_accepted_revision === statement.revision,
    contactingAccepted: user.contacting_accepted === 1,
  };
}

// Built once, not per request (as the engine's bodies: api/routes/engine.ts).
const configurationQuery = z.object({ cstm: cstmSchema });
const statementParams = z.object({ cstm: cstmSchema, version: z.string().max(10), language: languageSchema });

export function configurationRoutes(router: Router, ctx: ApiContext): void {
  router.get(
    "/getConfiguration",
    route((req, res) => {
      const { cstm } = parseQuery(req, configurationQuery);
      success(res, { config: requireCustomer(ctx.catalogue, cstm).config });
    }),
  );

  router.get(
    "/:cstm/dataProtStat/:version/:language",
    route((req, res) => {
      const params = parseParams(req, statementParams);
      const customer = requireCustomer(ctx.catalogue, params.cstm);
      if (params.version !== "1") throw notFound("not_found");
      if (!customer.languages.includes(params.language)) throw notFound("unknown_language");
      const statement = statementOf(ctx.catalogue, customer);
      success(res, {
        statement: localize(statement.texts, params.language),
        dpsm_dpsm_id: statement.dpsmId,
        dplm_id: statement.dpsmId * 100 + LANGUAGES.indexOf(params.language) + 1,
        revision: statement.revision,
        language: params.language,
      });
    }),
  );

  const acceptSchema = z
    .object({
      dpsm_dpsm_id: z.number().int().positive().optional(),
      revision: z.number().int().positive().optional(),
      contactingAccepted: z.boolean().optional(),
    })
    .refine((body) => (body.dpsm_dpsm_id === undefined) === (body.revision === undefined), {
      message: "dpsm_dpsm_id and revision go together",
      path: ["revision"],
    })
    .refine((body) => body.revision !== undefined || body.contactingAccepted !== undefined, { message: "nothing to accept" });

  router.post(
    "/acceptDataProtection",
    requireToken(ctx),
    route((req, res) => {
      const body = parseBody(req, acceptSchema);
      const { user, customer } = authOf(res);
      const statement = statementOf(ctx.catalogue, customer);
      if (body.revision !== undefined && (body.dpsm_dpsm_id !== statement.dpsmId || body.revision !== statement.revision)) {
        throw conflict("data_protection_outdated");
      }
      ctx.db
        .prepare(
          `UPDATE users SET dp_accepted_revision = COALESCE(?, dp_accepted_revision),
             contacting_accepted = COALESCE(?, contacting_accepted) WHERE id = ?`,
        )
        .run(body.revision ?? null, body.contactingAccepted === undefined ? null : body.contactingAccepted ? 1 : 0, user.id);
      success(res, { dataProtection: dataProtectionState(statement, findUserById(ctx.db, user.id)!) });
    }),
  );
}
