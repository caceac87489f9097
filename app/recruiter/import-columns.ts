import type { ImportColumn } from "~/upstream/recruiter/import-columns";

/** What the bulk import asks of a file's columns and rows (docs/decisions/153), on the upload page and when reading it. */
export const REQUIRED_COLUMNS: readonly ImportColumn[] = ["email", "firstName", "lastName"];
/** Rows per import (the upstream's limit too). */
export const MAX_IMPORT_ROWS = 2000;
