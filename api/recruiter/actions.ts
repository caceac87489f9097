import { z } from "zod";
import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import { validateFormValues } from "../forms/values";
import { badRequest, conflict, notFound } from "../http/errors";
import { dateSchema, componentIdSchema, emailSchema, nameSchema, profileIdSchema, userNameSchema } from "../http/validation";
import { LANGUAGES } from "../languages";
import type { ProfileModule } from "../store/catalogue";
import { requireAssignment } from "../store/progress";
import { endOpenLinks } from "../store/user-hashes";
import { findUserById, type User } from "../store/users";
import { recruitersOf, type RecruiterScope } from "./access";
import { changedFields, writeAudit } from "./audit";
import { defaultOpenUntil } from "./setup";
import { APPLICANT_STATUSES } from "./statuses";

/**
 * The recruiter's changes to an applicant (docs/decisions/146). Each one checks its input,
 * changes the data and writes its audit entry in one transaction, and answers the changed fields
 * ({} when nothing changed: no audit entry then either).
 */

export const detailsSchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: emailSchema,
    language: z.enum(LANGUAGES),
  })
  .strict();
export const statusSchema = z.object({ status: z.enum(APPLICANT_STATUSES) }).strict();
export const accessSchema = z.object({ loginEnabled: z.boolean() }).strict();
export const ownerSchema = z.object({ owner: userNameSchema.nullable() }).strict();
export const openUntilSchema = z.object({ profileId: profileIdSchema, openUntil: dateSchema.nullable() }).strict();
export const assignProfileSchema = z.object({ profileId: profileIdSchema, openUntil: dateSchema.nullable().optional() }).strict();
export const retestSchema = z
  .object({
    profileId: profileIdSchema,
    componentIds: z
      .array(componentIdSchema)
      .min(1)
      .max(50)
      .refine((ids) => new Set(ids).size === ids.length, { message: "duplicate ids" }),
  })
  .strict();
export const formCorrectionSchema = z
  .object({
    profileId: profileIdSchema,
    values: z.record(z.unknown()).refine((values) => Object.keys(values).length <= 100, { message: "too many fields" }),
  })
  .strict();

type Changes = Record<string, unknown>;

function transaction<T>(ctx: ApiContext, run: () => T): T {
  return ctx.db.transaction(run)();
}

export function editDetails(ctx: ApiContext, scope: RecruiterScope, user: User, body: z.infer<typeof detailsSchema>): Changes {
  if (!scope.customer.languages.includes(body.language)) throw badRequest("invalid_body", { language: "invalid_option" });
  return transaction(ctx, () => {
    const taken = statement(ctx.db, "SELECT 1 FROM users WHERE user_base = ? AND email = ? AND role = 'applicant' AND id <> ? LIMIT 1").get(
      user.user_base,
      body.email,
      user.id,
    );
    if (taken) throw conflict("email_taken");
    const changes = changedFields(
      { firstName: user.first_name, lastName: user.last_name, email: user.email, language: user.language },
      { firstName: body.firstName, lastName: body.lastName, email: body.email, language: body.language },
    );
    if (Object.keys(changes).length === 0) return changes;
    statement(ctx.db, "UPDATE users SET first_name = ?, last_name = ?, email = ?, language = ? WHERE id = ?").run(
      body.firstName,
      body.lastName,
      body.email,
      body.language,
      user.id,
    );
    // An activation or reset mail sent to the old address must not open the account any more.
    const linksEnded = changes.email ? endOpenLinks(ctx.db, user, Math.floor(ctx.now().getTime() / 1000)) : 0;
    writeAudit(ctx, scope, user, "details", linksEnded > 0 ? { ...changes, linksEnded } : changes);
    return changes;
  });
}

export function editStatus(ctx: ApiContext, scope: RecruiterScope, user: User, body: z.infer<typeof statusSchema>): Changes {
  return transaction(ctx, () => {
    const changes = changedFields({ status: user.status }, { status: body.status });
    if (Object.keys(changes).length === 0) return changes;
    statement(ctx.db, "UPDATE users SET status = ? WHERE id = ?").run(body.status, user.id);
    writeAudit(ctx, scope, user, "status", changes);
    return changes;
  });
}

/**
 * Disabling the login also ends every session of the applicant: their tokens are revoked, so the
 * app's next call for them answers 401 and the applicant sees the session-ended page.
 */
export function editAccess(ctx: ApiContext, scope: RecruiterScope, user: User, body: z.infer<typeof accessSchema>): Changes {
  return transaction(ctx, () => {
    const changes = changedFields({ loginEnabled: user.login_disabled === 0 }, { loginEnabled: body.loginEnabled });
    if (!body.loginEnabled) {
      const ended = statement(ctx.db, "UPDATE tokens SET revoked = 1 WHERE user_id = ? AND kind = 'applicant' AND revoked = 0").run(
        user.id,
      );
      if (ended.changes > 0) changes.sessionsEnded = ended.changes;
    }
    if (Object.keys(changes).length === 0) return changes;
    statement(ctx.db, "UPDATE users SET login_disabled = ? WHERE id = ?").run(body.loginEnabled ? 0 : 1, user.id);
    writeAudit(ctx, scope, user, "access", changes);
    return changes;
  });
}

export function editOwner(ctx: ApiContext, scope: RecruiterScope, user: User, body: z.infer<typeof ownerSchema>): Changes {
  const recruiters = recruitersOf(ctx.db, scope.customer.cstm);
  const owner =
    body.owner === null ? null : recruiters.find((candidate) => candidate.user_name.toLowerCase() === body.owner!.toLowerCase());
  if (owner === undefined) throw notFound("unknown_owner");
  const before = user.owner_id === null ? null : (findUserById(ctx.db, user.owner_id)?.user_name ?? null);
  return transaction(ctx, () => {
    const changes = changedFields({ owner: before }, { owner: owner?.user_name ?? null });
    if (Object.keys(changes).length === 0) return changes;
    statement(ctx.db, "UPDATE users SET owner_id = ? WHERE id = ?").run(owner?.id ?? null, user.id);
    writeAudit(ctx, scope, user, "owner", changes);
    return changes;
  });
}

/**
 * Change open-until: the profile is open for the applicant up to and including that day (null: with
 * no end). A past day closes it.
 */
export function changeOpenUntil(ctx: ApiContext, scope: RecruiterScope, user: User, body: z.infer<typeof openUntilSchema>): Changes {
  const assignment = requireAssignment(ctx, user.id, body.profileId);
  return transaction(ctx, () => {
    const row = statement(ctx.db, "SELECT is_open FROM user_profiles WHERE user_id = ? AND profile_id = ?").get(
      user.id,
      body.profileId,
    ) as {
      is_open: number;
    };
    const changes = changedFields({ openUntil: assignment.openUntil }, { openUntil: body.openUntil });
    if (row.is_open === 0) changes.opened = true;
    if (Object.keys(changes).length === 0) return changes;
    statement(ctx.db, "UPDATE user_profiles SET is_open = 1, open_until = ? WHERE user_id = ? AND profile_id = ?").run(
      body.openUntil,
      user.id,
      body.profileId,
    );
    writeAudit(ctx, scope, user, "open_until", { profileId: body.profileId, ...changes });
    return changes;
  });
}

export function assignProfile(ctx: ApiContext, scope: RecruiterScope, user: User, body: z.infer<typeof assignProfileSchema>): Changes {
  const profile = ctx.catalogue.profiles.get(body.profileId);
  if (!profile || profile.userBase !== scope.customer.userBase) throw notFound("unknown_profile");
  return transaction(ctx, () => {
    const existing = statement(ctx.db, "SELECT 1 FROM user_profiles WHERE user_id = ? AND profile_id = ?").get(user.id, profile.id);
    if (existing) throw conflict("profile_already_assigned");
    // Without a date of its own, the test's open-until default of the customer (decision 157).
    const openUntil = body.openUntil ?? defaultOpenUntil(ctx, scope.customer.cstm, profile.id);
    statement(ctx.db, "INSERT INTO user_profiles (user_id, profile_id, is_open, open_until, assigned_at) VALUES (?, ?, 1, ?, ?)").run(
      user.id,
      profile.id,
      openUntil,
      ctx.now().toISOString(),
    );
    const changes = { profileId: profile.id, openUntil };
    writeAudit(ctx, scope, user, "profile_assigned", changes);
    return changes;
  });
}

/**
 * Assign to retest: the chosen finished modules become open again. Their results move to
 * module_result_history (shown next to the new ones), the engine session and saved form go, so the
 * applicant starts afresh. The modules of an fbo container are finished together, so they are
 * retested together. A closed profile is opened (and an open-until in the past removed), and the
 * application is no longer finalised.
 */
export function assignRetest(ctx: ApiContext, scope: RecruiterScope, user: User, body: z.infer<typeof retestSchema>) {
  const assignment = requireAssignment(ctx, user.id, body.profileId);
  const profile = assignment.profile;
  const chosen = new Map<number, ProfileModule>();
  for (const componentId of body.componentIds) {
    const module = profile.modules.find((candidate) => candidate.component.compId === componentId);
    if (!module) throw notFound("unknown_module");
    const container = profile.containers.find((candidate) => candidate.pccId === module.pccId)!;
    for (const partner of container.type === "fbo" ? container.modules : [module]) chosen.set(partner.prcmId, partner);
  }
  return transaction(ctx, () => {
    const progress = statement(ctx.db, "SELECT finished_at, skipped FROM module_progress WHERE user_id = ? AND prcm_id = ?");
    const finished = [...chosen.values()].filter((module) => progress.get(user.id, module.prcmId) !== undefined);
    if (finished.length === 0) throw conflict("nothing_to_retest");
    const today = ctx.now().toISOString().slice(0, 10);
    const reopened = !assignment.isOpen;
    const retestAt = ctx.now().toISOString();
    const auditId = writeAudit(ctx, scope, user, "retest", {
      profileId: profile.id,
      componentIds: finished.map((module) => module.component.compId),
      ...(reopened ? { opened: true } : {}),
    });
    for (const module of finished) {
      const state = progress.get(user.id, module.prcmId) as { finished_at: string; skipped: number };
      const session = statement(
        ctx.db,
        "SELECT score, norm_value FROM engine_sessions WHERE user_id = ? AND prcm_id = ? AND completed_at IS NOT NULL",
      ).get(user.id, module.prcmId) as { score: number; norm_value: number } | undefined;
      const form = statement(ctx.db, "SELECT values_json FROM form_submissions WHERE user_id = ? AND prcm_id = ?").get(
        user.id,
        module.prcmId,
      ) as { values_json: string } | undefined;
      statement(
        ctx.db,
        `INSERT INTO module_result_history (user_id, prcm_id, finished_at, skipped, score, norm_value, form_values_json, retest_at, audit_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        user.id,
        module.prcmId,
        state.finished_at,
        state.skipped,
        session?.score ?? null,
        session?.norm_value ?? null,
        form?.values_json ?? null,
        retestAt,
        auditId,
      );
      statement(ctx.db, "DELETE FROM engine_sessions WHERE user_id = ? AND prcm_id = ?").run(user.id, module.prcmId);
      statement(ctx.db, "DELETE FROM form_submissions WHERE user_id = ? AND prcm_id = ?").run(user.id, module.prcmId);
      statement(ctx.db, "DELETE FROM module_progress WHERE user_id = ? AND prcm_id = ?").run(user.id, module.prcmId);
    }
    if (reopened) {
      statement(
        ctx.db,
        "UPDATE user_profiles SET is_open = 1, open_until = CASE WHEN open_until < ? THEN NULL ELSE open_until END WHERE user_id = ? AND profile_id = ?",
      ).run(today, user.id, profile.id);
    }
    statement(ctx.db, "UPDATE users SET finalized_at = NULL WHERE id = ?").run(user.id);
    return { profileId: profile.id, componentIds: finished.map((module) => module.component.compId), opened: reopened };
  });
}

/** Edit forms: a recruiter corrects saved answers; the audit entry names each changed field, before → after. */
export function correctForm(
  ctx: ApiContext,
  scope: RecruiterScope,
  user: User,
  componentId: number,
  body: z.infer<typeof formCorrectionSchema>,
): Changes {
  const { profile } = requireAssignment(ctx, user.id, body.profileId);
  const module = profile.modules.find((candidate) => candidate.component.compId === componentId);
  const definition = module?.component.formIdentifier ? ctx.catalogue.forms.get(module.component.formIdentifier) : undefined;
  if (!module || !definition) throw notFound("unknown_form");
  const result = validateFormValues(definition, body.values, ctx.now().toISOString().slice(0, 10));
  if (!result.ok) throw badRequest("invalid_values", result.errors);
  return transaction(ctx, () => {
    const saved = statement(ctx.db, "SELECT values_json FROM form_submissions WHERE user_id = ? AND prcm_id = ?").get(
      user.id,
      module.prcmId,
    ) as { values_json: string } | undefined;
    if (!saved) throw conflict("form_not_saved");
    const before = JSON.parse(saved.values_json) as Record<string, string>;
    const after: Record<string, string | null> = {};
    for (const field of definition.fields) after[field.name] = result.values[field.name] ?? null;
    const changes = changedFields(before, after);
    if (Object.keys(changes).length === 0) return changes;
    statement(ctx.db, "UPDATE form_submissions SET values_json = ? WHERE user_id = ? AND prcm_id = ?").run(
      JSON.stringify(result.values),
      user.id,
      module.prcmId,
    );
    writeAudit(ctx, scope, user, "form_corrected", {
      profileId: profile.id,
      componentId,
      formIdentifier: definition.form_identifier,
      fields: changes,
    });
    return changes;
  });
}
