import type { ApiContext } from "../context";
import { runReminders } from "./reminders";
import { runRetention } from "./retention";

/**
 * The embedded API's scheduled jobs (docs/decisions/186, 187): reminders and retention. Every instance that hosts the
 * embedded API runs them every API_JOBS_INTERVAL_S; what a run does is claimed in SQL, so instances on one database
 * never mail or erase twice. The timer is unref'd (it keeps no process alive) and stopped on shutdown, which waits
 * for a run in progress to reach its next item.
 */
export interface JobSettings {
  /** How often each instance runs the jobs (API_JOBS_INTERVAL_S). */
  intervalMs: number;
  /** The retention period of customers without their own (API_RETENTION_MONTHS); 0: none. */
  retentionMonths: number;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = { intervalMs: 15 * 60 * 1000, retentionMonths: 0 };

export const JOBS = ["reminders", "retention"] as const;
export type JobKind = (typeof JOBS)[number];

export interface JobsReport {
  now: string;
  reminders: { cstm: string; userName: string; profileId: string; kind: string; dueOn: string }[];
  erased: { cstm: string; userName: string; dueOn: string }[];
}

/** One run of the jobs at `now` (the clock of the reminders' days and the retention's due dates). */
export async function runJobs(ctx: ApiContext, now: Date, jobs: readonly JobKind[] = JOBS, shouldStop = () => false): Promise<JobsReport> {
  const at: ApiContext = { ...ctx, now: () => now };
  const report: JobsReport = { now: now.toISOString(), reminders: [], erased: [] };
  if (jobs.includes("reminders")) {
    report.reminders = (await runReminders(at, shouldStop)).map(({ cstm, userName, profileId, kind, dueOn }) => ({
      cstm,
      userName,
      profileId,
      kind,
      dueOn,
    }));
  }
  if (jobs.includes("retention")) {
    report.erased = (await runRetention(at, shouldStop)).map(({ cstm, userName, dueOn }) => ({ cstm, userName, dueOn }));
  }
  return report;
}

export interface JobTimer {
  stop(): Promise<void>;
}

export function startJobs(ctx: ApiContext): JobTimer {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runJobs(ctx, ctx.now(), JOBS, () => stopped)
      .then((report) => {
        if (report.reminders.length > 0 || report.erased.length > 0) {
          // Counts only: the log names no applicant (decision 168).
          ctx.logger.info({ jobs: { reminders: report.reminders.length, erased: report.erased.length } }, "scheduled jobs ran");
        }
      })
      .catch((error: unknown) => ctx.logger.error({ err: error }, "scheduled jobs failed"))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, ctx.jobs.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
