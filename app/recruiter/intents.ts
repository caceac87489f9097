/**
 * The applicant page's POST forms, one `intent` per action (docs/decisions/150); the actions are in
 * applicant-actions.server.ts. A module of its own so that the fuzz targets enumerate the same list.
 */
export const INTENTS = [
  "details",
  "status",
  "access",
  "owner",
  "open-until",
  "assign-profile",
  "retest",
  "form",
  "email-preview",
  "email-send",
  "rating",
  "note-add",
  "note-delete",
] as const;
export type Intent = (typeof INTENTS)[number];
