import type { TFunction } from "~/i18n/translator";

/**
 * A test's setup audit entry `reminders` (docs/decisions/186) as text: each changed setting with before → after, in
 * the page's language; null for an entry about something else.
 */
const LABELS = {
  enabled: "reminders.enabled",
  daysBeforeOpenUntil: "reminders.daysBeforeLabel",
  daysAfterInvitation: "reminders.daysAfterLabel",
} as const;

export function reminderChanges(t: TFunction, changes: Record<string, unknown>): string | null {
  const parts: string[] = [];
  for (const [field, label] of Object.entries(LABELS)) {
    const change = changes[field] as { before?: unknown; after?: unknown } | undefined;
    if (!change) continue;
    const text = (value: unknown) =>
      typeof value === "boolean"
        ? t(value ? "reminders.switchedOn" : "reminders.switchedOff")
        : typeof value === "number"
          ? String(value)
          : "—";
    parts.push(`${t(label)}: ${text(change.before)} → ${text(change.after)}`);
  }
  return parts.length > 0 ? parts.join("; ") : null;
}
