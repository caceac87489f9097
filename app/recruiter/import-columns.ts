/**
 * The columns of the bulk import (docs/decisions/153; docs/api.md, Creating applicants):
 * the CSV header names, the upstream's row fields. Shared by the upload page and the server code.
 */
export const IMPORT_COLUMNS = [
  "userName",
  "email",
  "firstName",
  "lastName",
  "language",
  "profileId",
  "owner",
  "openUntil",
  "onSite",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const REQUIRED_COLUMNS: readonly ImportColumn[] = ["email", "firstName", "lastName"];
/** Rows per import (the upstream's limit too). */
export const MAX_IMPORT_ROWS = 2000;
