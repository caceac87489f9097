import type { Router } from "express";
import { z } from "zod";
import { requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import { notFound } from "../http/errors";
import { route, success } from "../http/handlers";
import { parseBody, parseParams, parseQuery, profileIdSchema } from "../http/validation";
import { customerLanguage, languageSchema, localize, type Language } from "../languages";
import type { Profile } from "../store/catalogue";
import { recruiterScope, type RecruiterScope } from "./access";
import { changedFields, setupAuditOf, writeSetupAudit } from "./audit";

/**
 * Test setup (docs/decisions/157): a customer's tests with their containers and modules in
 * order (read-only: the catalogue is the user base's, shared by its customers and read once at start),
 * and the open-until default of each test for the assignments recruiters make (created, imported or
 * assigned applicants without an open-until date of their own). Changes are in the audit log.
 */
export const MAX_OPEN_UNTIL_DAYS = 365;

export const openUntilDefaultSchema = z.object({ openUntilDays: z.number().int().min(1).max(MAX_OPEN_UNTIL_DAYS).nullable() }).strict();

/** The open-until default of a customer's test in days from the assignment; null: open without end. */
export function openUntilDaysOf(ctx: ApiContext, cstm: string, profileId: string): number | null {
  const row = statement(ctx.db, "SELECT open_until_days FROM profile_settings WHERE cstm = ? AND profile_id = ?").get(cstm, profileId) as
    { open_until_days: number | null } | undefined;
  return row?.open_until_days ?? null;
}

/** The open-until date a new assignment gets without one of its own: today plus the default's days (inclusive). */
export function defaultOpenUntil(ctx: ApiContext, cstm: string, profileId: string): string | null {
  const days = openUntilDaysOf(ctx, cstm, profileId);
  if (days === null) return null;
  const day = new Date(`${ctx.now().toISOString().slice(0, 10)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

function customerProfiles(ctx: ApiContext, scope: RecruiterScope): Profile[] {
  return [...ctx.catalogue.profiles.values()].filter((profile) => profile.userBase === scope.customer.userBase);
}

export function requireProfile(ctx: ApiContext, scope: RecruiterScope, profileId: string): Profile {
  const profile = ctx.catalogue.profiles.get(profileId);
  if (!profile || profile.userBase !== scope.customer.userBase) throw notFound("unknown_profile");
  return profile;
}

function testSetup(ctx: ApiContext, scope: RecruiterScope, profile: Profile, language: Language) {
  return {
    prof_prof_id: profile.id,
    name: profile.name,
    description: profile.description,
    openUntilDays: openUntilDaysOf(ctx, scope.customer.cstm, profile.id),
    maxOpenUntilDays: MAX_OPEN_UNTIL_DAYS,
    containers: profile.containers.map((container) => ({
      pcc_id: container.pccId,
      type: container.type,
      name: localize(container.names, language),
      modules: container.modules.map((module) => ({
        prcm_id: module.prcmId,
        comp_comp_id: module.component.compId,
        stepNumber: module.stepNumber,
        type: module.component.type,
        name: localize(module.component.names, language),
        durationS: module.component.durationS,
        skippable: module.component.skippable,
      })),
    })),
    audit: setupAuditOf(ctx, scope.customer.cstm, profile.id),
  };
}

const languageQuery = z.object({ language: languageSchema.optional() }).strict();
const profileParams = z.object({ profileId: profileIdSchema }).passthrough();

export function setupRoutes(router: Router, ctx: ApiContext): void {
  const languageOf = (scope: RecruiterScope, wanted: Language | undefined): Language =>
    customerLanguage(scope.customer.languages, wanted ?? scope.recruiter.language);

  router.get(
    "/:cstm/recruiter/tests",
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      success(res, {
        tests: customerProfiles(ctx, scope).map((profile) => ({
          prof_prof_id: profile.id,
          name: profile.name,
          containers: profile.containers.length,
          modules: profile.modules.length,
          openUntilDays: openUntilDaysOf(ctx, scope.customer.cstm, profile.id),
        })),
      });
    }),
  );

  router.get(
    "/:cstm/recruiter/tests/:profileId",
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      const profile = requireProfile(ctx, scope, parseParams(req, profileParams).profileId);
      success(res, testSetup(ctx, scope, profile, languageOf(scope, parseQuery(req, languageQuery).language)));
    }),
  );

  router.post(
    "/:cstm/recruiter/tests/:profileId/open-until-default",
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      const profile = requireProfile(ctx, scope, parseParams(req, profileParams).profileId);
      const body = parseBody(req, openUntilDefaultSchema);
      const changes = ctx.db.transaction(() => {
        const before = openUntilDaysOf(ctx, scope.customer.cstm, profile.id);
        const changed = changedFields({ openUntilDays: before }, { openUntilDays: body.openUntilDays });
        if (Object.keys(changed).length === 0) return changed;
        statement(
          ctx.db,
          `INSERT INTO profile_settings (cstm, profile_id, open_until_days, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (cstm, profile_id) DO UPDATE SET open_until_days = excluded.open_until_days, updated_at = excluded.updated_at`,
        ).run(scope.customer.cstm, profile.id, body.openUntilDays, ctx.now().toISOString());
        writeSetupAudit(ctx, scope, profile.id, "open_until_default", { profileId: profile.id, ...changed });
        return changed;
      })();
      success(res, { changes });
    }),
  );
}
