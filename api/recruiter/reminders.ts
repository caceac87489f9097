import type { Router } from "express";
import { z } from "zod";
import { requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { route, success } from "../http/handlers";
import { parseBody, parseParams, profileIdSchema } from "../http/validation";
import {
  CATCH_UP_DAYS,
  MAX_REMINDER_DAYS,
  reminderSettingsOf,
  saveReminderSettings,
  scheduledReminders,
  sentReminders,
} from "../jobs/reminders";
import { recruiterScope } from "./access";
import { changedFields, writeSetupAudit } from "./audit";
import { requireProfile } from "./setup";

/**
 * A test's automatic reminders (docs/api.md, Reminders; docs/decisions/186): the settings (off by default), what the
 * job will send (scheduled) and what it sent (the ledger). Changes are in the test's audit log.
 */
const days = z.number().int().min(1).max(MAX_REMINDER_DAYS).nullable();

export const reminderSettingsSchema = z
  .object({ enabled: z.boolean(), daysBeforeOpenUntil: days, daysAfterInvitation: days })
  .strict()
  // Switched on without a reminder would look like reminders that never come.
  .refine((value) => !value.enabled || value.daysBeforeOpenUntil !== null || value.daysAfterInvitation !== null, {
    path: ["daysBeforeOpenUntil"],
    message: "required",
  });

const profileParams = z.object({ profileId: profileIdSchema }).passthrough();

export function reminderRoutes(router: Router, ctx: ApiContext): void {
  const path = "/:cstm/recruiter/tests/:profileId/reminders";

  router.get(
    path,
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      const profile = requireProfile(ctx, scope, parseParams(req, profileParams).profileId);
      const cstm = scope.customer.cstm;
      success(res, {
        prof_prof_id: profile.id,
        name: profile.name,
        settings: reminderSettingsOf(ctx, cstm, profile.id),
        maxDays: MAX_REMINDER_DAYS,
        catchUpDays: CATCH_UP_DAYS,
        scheduled: scheduledReminders(ctx, cstm, profile.id).map(({ userName, firstName, lastName, kind, dueOn }) => ({
          userName,
          firstName,
          lastName,
          kind,
          dueOn,
        })),
        sent: sentReminders(ctx, cstm, profile.id),
      });
    }),
  );

  router.post(
    path,
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      const profile = requireProfile(ctx, scope, parseParams(req, profileParams).profileId);
      const body = parseBody(req, reminderSettingsSchema);
      const changes = ctx.db.transaction(() => {
        const before = reminderSettingsOf(ctx, scope.customer.cstm, profile.id);
        const changed = changedFields({ ...before }, { ...body });
        if (Object.keys(changed).length === 0) return changed;
        saveReminderSettings(ctx, scope.customer.cstm, profile.id, body);
        writeSetupAudit(ctx, scope, profile.id, "reminders", { profileId: profile.id, ...changed });
        return changed;
      })();
      success(res, { changes });
    }),
  );
}
