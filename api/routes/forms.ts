import type { Router } from "express";
import { z } from "zod";
import { authOf, requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { submissionTokens } from "../forms/submission-token";
import { badRequest, conflict, forbidden, notFound, unauthorized } from "../http/errors";
import { route, success } from "../http/handlers";
import { parseBody, parseParams, parseQuery, profileIdSchema } from "../http/validation";
import { validateFormValues } from "../forms/values";
import { requireAssignment } from "../store/progress";
import { findUserById } from "../store/users";

/**
 * getProjectForms and formData (spec §7). POST /formData is token-free in the spec, so the raw GET
 * (with a bearer token) hands out a submissionToken bound to user, profile module and form: signed,
 * not stored, so that reading a form writes nothing (docs/decisions/196).
 */
const SUBMISSION_TOKEN_TTL_S = 12 * 60 * 60;

const formParams = z.object({ formIdentifier: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });
const rawFormQuery = z.object({ raw: z.literal("true"), profileId: profileIdSchema });
const formSubmission = z.object({
  submissionToken: z.string().min(1).max(200),
  values: z.record(z.unknown()).refine((values) => Object.keys(values).length <= 100, { message: "too many fields" }),
});

export function formsRoutes(router: Router, ctx: ApiContext): void {
  // Prepared once, not on every form view.
  const savedForm = ctx.db.prepare("SELECT values_json, saved_at FROM form_submissions WHERE user_id = ? AND prcm_id = ?");
  const tokens = submissionTokens(ctx.db);
  const insertSubmission = ctx.db.prepare("INSERT INTO form_submissions (user_id, prcm_id, values_json, saved_at) VALUES (?, ?, ?, ?)");
  const nowS = () => Math.floor(ctx.now().getTime() / 1000);

  function requireForm(formIdentifier: string) {
    const form = ctx.catalogue.forms.get(formIdentifier);
    if (!form) throw notFound("unknown_form");
    return form;
  }

  router.get(
    "/getProjectForms",
    requireToken(ctx),
    route((_req, res) => {
      const { customer } = authOf(res);
      const forms = new Map<number, string>();
      for (const profile of ctx.catalogue.profiles.values()) {
        if (profile.userBase !== customer.userBase) continue;
        for (const module of profile.modules) {
          if (module.component.formIdentifier) forms.set(module.component.compId, module.component.formIdentifier);
        }
      }
      success(res, { forms: [...forms].map(([compId, formIdentifier]) => ({ comp_comp_id: compId, form_identifier: formIdentifier })) });
    }),
  );

  router.get(
    "/formData/:formIdentifier",
    requireToken(ctx),
    route((req, res) => {
      const { formIdentifier } = parseParams(req, formParams);
      const query = parseQuery(req, rawFormQuery);
      const form = requireForm(formIdentifier);
      const { user } = authOf(res);
      const { profile } = requireAssignment(ctx, user.id, query.profileId);
      const module = profile.modules.find((candidate) => candidate.component.formIdentifier === formIdentifier);
      if (!module) throw notFound("unknown_module");
      const saved = savedForm.get(user.id, module.prcmId) as { values_json: string; saved_at: string } | undefined;
      const submissionToken = saved
        ? null
        : tokens.issue({ userId: user.id, prcmId: module.prcmId, expiresAt: nowS() + SUBMISSION_TOKEN_TTL_S });
      success(res, {
        profileId: profile.id,
        form,
        saved: Boolean(saved),
        savedAt: saved?.saved_at ?? null,
        values: saved ? (JSON.parse(saved.values_json) as Record<string, string>) : null,
        submissionToken,
      });
    }),
  );

  router.post(
    "/formData/:formIdentifier",
    route((req, res) => {
      const { formIdentifier } = parseParams(req, formParams);
      const body = parseBody(req, formSubmission);
      const form = requireForm(formIdentifier);
      const token = tokens.read(body.submissionToken);
      const module = token && ctx.catalogue.modules.get(token.prcmId);
      // An erased applicant's tokens die with the account (GDPR Art. 17, docs/decisions/181).
      if (
        !token ||
        !module ||
        token.expiresAt <= nowS() ||
        module.component.formIdentifier !== formIdentifier ||
        findUserById(ctx.db, token.userId)?.erased_at
      ) {
        throw unauthorized("invalid_submission_token");
      }
      if (savedForm.get(token.userId, token.prcmId)) throw conflict("form_already_saved");
      if (!requireAssignment(ctx, token.userId, module.profileId).isOpen) throw forbidden("profile_closed");
      const result = validateFormValues(form, body.values, ctx.now().toISOString().slice(0, 10));
      if (!result.ok) throw badRequest("invalid_values", result.errors);
      const savedAt = ctx.now().toISOString();
      ctx.db.transaction(() => {
        if (savedForm.get(token.userId, token.prcmId)) throw conflict("form_already_saved");
        insertSubmission.run(token.userId, token.prcmId, JSON.stringify(result.values), savedAt);
      })();
      success(res, { savedAt }, 201);
    }),
  );
}
