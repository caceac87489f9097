/**
 * The columns of the bulk import (docs/decisions/153; docs/api.md, Creating applicants): the CSV header
 * names, the upstream's row fields. Shared by the upload page, the CSV reading and the upstream call.
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
