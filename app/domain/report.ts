import type { Device } from "./device";

/**
 * The report of a profile (spec §3 "Report bindings", §4 "Report", R-ENT-07, R-VAL-12, R-REP-01):
 * the first of the relevant report definition bindings is the report; it can be downloaded once
 * every module of the profile is finished.
 */
export interface ReportScale {
  componentId: number;
  name: string;
  finished: boolean;
}

export interface ReportBinding {
  name: string;
  scales: ReportScale[];
}

export interface ReportStatus {
  /** The relevant binding (the first), or null: the profile has no report. */
  binding: ReportBinding | null;
  finishedModules: number;
  totalModules: number;
  allModulesFinished: boolean;
}

/** What the upstream tells about a profile's modules; every count may be missing in a backend's answer. */
export interface ReportStatusInput {
  bindings: readonly ReportBinding[];
  /** Per module of the profile, finished or not (the first binding's userComponentStatus). */
  moduleStatus: readonly { finished: boolean }[];
  finishedModules?: number;
  totalModules?: number;
  allModulesFinished?: boolean;
}

export const REPORT_FILE_NAME = "report.pdf";

/** R-ENT-07: the first binding is used. Counts fall back to the per-module status when not sent. */
export function reportStatus(input: ReportStatusInput): ReportStatus {
  const finishedModules = input.finishedModules ?? input.moduleStatus.filter((module) => module.finished).length;
  const totalModules = input.totalModules ?? input.moduleStatus.length;
  const counted = totalModules > 0 && finishedModules >= totalModules;
  return {
    binding: input.bindings[0] ?? null,
    finishedModules,
    totalModules,
    // Both must agree: a backend saying "all finished" while counting an open module is not believed.
    allModulesFinished: (input.allModulesFinished ?? counted) && counted,
  };
}

/** R-VAL-12: a report exists and every module is completed. */
export function canDownloadReport(status: ReportStatus): boolean {
  return status.binding !== null && status.allModulesFinished;
}

/** R-REP-01: saved as report.pdf; on smartphones opened (inline) in a new tab. */
export function reportDisposition(device: Device): "inline" | "attachment" {
  return device === "mobile" ? "inline" : "attachment";
}

export function contentDisposition(device: Device): string {
  return `${reportDisposition(device)}; filename="${REPORT_FILE_NAME}"`;
}
