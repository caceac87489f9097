import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "~/upstream/client.server";

/**
 * The recruiter's views of the scheduled jobs (docs/api.md, Reminders and Retention; docs/decisions/186, 187): a
 * test's reminder settings with what is scheduled and sent, the call that changes them, and what the retention job
 * will erase in the next 30 days.
 */
const person = { userName: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() };
const kind = z.enum(["open_until", "not_activated"]);

const remindersSchema = z.object({
  prof_prof_id: z.string(),
  name: z.string(),
  settings: z.object({ enabled: z.boolean(), daysBeforeOpenUntil: z.number().nullable(), daysAfterInvitation: z.number().nullable() }),
  maxDays: z.number(),
  catchUpDays: z.number(),
  scheduled: z.array(z.object({ ...person, kind, dueOn: z.string() })),
  sent: z.array(z.object({ ...person, kind, dueOn: z.string(), sentAt: z.string() })),
});

const retentionSchema = z.object({
  retentionMonths: z.number().nullable(),
  source: z.enum(["customer", "default"]).nullable(),
  days: z.number(),
  today: z.string(),
  until: z.string(),
  total: z.number(),
  applicants: z.array(z.object({ ...person, dueOn: z.string() })),
});

export type TestReminders = z.infer<typeof remindersSchema>;
export type ReminderSettings = TestReminders["settings"];
export type RetentionView = z.infer<typeof retentionSchema>;

const remindersPath = (cstm: string, profileId: string) =>
  `/${encodeURIComponent(cstm)}/recruiter/tests/${encodeURIComponent(profileId)}/reminders`;

export function testReminders(context: AppLoadContext, session: AppSession, cstm: string, profileId: string): Promise<TestReminders> {
  return callUpstream(context, { method: "GET", path: remindersPath(cstm, profileId), auth: "token", session, schema: remindersSchema });
}

export async function saveReminderSettings(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  profileId: string,
  settings: ReminderSettings,
): Promise<void> {
  await callUpstream(context, { method: "POST", path: remindersPath(cstm, profileId), auth: "token", session, body: settings });
}

export function retentionView(context: AppLoadContext, session: AppSession, cstm: string): Promise<RetentionView> {
  return callUpstream(context, {
    method: "GET",
    path: `/${encodeURIComponent(cstm)}/recruiter/retention`,
    auth: "token",
    session,
    schema: retentionSchema,
  });
}
