import { useTranslation } from "~/i18n/react";
import type { AuditEntry } from "~/upstream/recruiter/detail.server";
import { AuditTable } from "./audit-table";

/** The applicant's audit log at the foot of the applicant page (docs/decisions/144): who changed what, and when. */
/** An audit entry's changes as text ("field: before → after; …"). */
function describeChanges(entry: AuditEntry, t: (key: string, options?: Record<string, string | number>) => string): string {
  const parts: string[] = [];
  const show = (value: unknown) =>
    value === null || value === undefined || value === "" ? "—" : typeof value === "string" ? value : JSON.stringify(value);
  for (const [field, change] of Object.entries(entry.changes)) {
    if (change && typeof change === "object" && "before" in change && "after" in change) {
      const { before, after } = change;
      parts.push(`${field}: ${show(before)} → ${show(after)}`);
    } else if (field === "fields" && change && typeof change === "object") {
      for (const [name, value] of Object.entries(change as Record<string, { before: unknown; after: unknown }>)) {
        parts.push(`${name}: ${show(value.before)} → ${show(value.after)}`);
      }
    } else {
      parts.push(`${field}: ${show(change)}`);
    }
  }
  return parts.join("; ") || t("applicant.audit.noDetails");
}

export function AuditTrail({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation("recruiter");
  return (
    <AuditTable
      id="audit"
      title={t("applicant.audit.title")}
      empty={t("applicant.audit.empty")}
      caption={t("applicant.audit.caption")}
      rows={entries.map((entry) => ({
        id: entry.id,
        at: entry.at,
        recruiter: entry.job ? t(`applicant.audit.jobs.${entry.job}`) : entry.recruiter,
        action: t(`applicant.audit.actions.${entry.action}`, { defaultValue: entry.action }),
        changes: describeChanges(entry, t),
      }))}
    />
  );
}
