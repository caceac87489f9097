import { useTranslation } from "~/i18n/react";

/**
 * The user notification (R-SCR-10): a one-time message on the page after an action (session flash
 * "notice", POST-redirect-GET). Success and info are announced politely (role=status), an error at
 * once (role=alert). docs/decisions/083.
 */
export type NoticeKind = "success" | "info" | "error";

export interface UserNotice {
  /** An i18n key with its namespace, e.g. "pages:profile.saved". */
  key: string;
  kind: NoticeKind;
}

const KINDS: readonly NoticeKind[] = ["success", "info", "error"];

/**
 * The flashed value as a notice: a plain key is a success (the newsletter's "thanks"), an object
 * names its kind. Anything else (an old or tampered record) is no notice.
 */
export function noticeFrom(value: unknown): UserNotice | undefined {
  if (typeof value === "string") return value ? { key: value, kind: "success" } : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  const { key, kind } = value as { key?: unknown; kind?: unknown };
  if (typeof key !== "string" || !key) return undefined;
  return { key, kind: KINDS.includes(kind as NoticeKind) ? (kind as NoticeKind) : "success" };
}

export function Notice({ notice }: { notice?: UserNotice }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <p className={`notice notice-${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
      {t(notice.key)}
    </p>
  );
}
