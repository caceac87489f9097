import { CsvError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import type { ImportRow } from "~/upstream/recruiter/create.server";
import { IMPORT_COLUMNS, type ImportColumn } from "~/upstream/recruiter/import-columns";
import { MAX_IMPORT_ROWS, REQUIRED_COLUMNS } from "./import-columns";

/**
 * The CSV file of the bulk import (docs/decisions/153), read with csv-parse: UTF-8 with or
 * without byte-order mark, `;` or `,` as separator (whichever the header line uses), a header line
 * with the column names of IMPORT_COLUMNS (case, spaces, `_` and `-` ignored). The file's problems
 * (not UTF-8, no header, unknown or missing columns, broken quoting, too many rows) are file-level
 * errors; each row's own problems are the upstream's to find (it checks them against the data).
 */

export type CsvProblem =
  | { key: "recruiter:import.errors.noFile" }
  | { key: "recruiter:import.errors.notUtf8" }
  | { key: "recruiter:import.errors.empty" }
  | { key: "recruiter:import.errors.broken"; values: { line: number } }
  | { key: "recruiter:import.errors.unknownColumns"; values: { columns: string } }
  | { key: "recruiter:import.errors.missingColumns"; values: { columns: string } }
  | { key: "recruiter:import.errors.duplicateColumn"; values: { columns: string } }
  | { key: "recruiter:import.errors.tooManyRows"; values: { max: number } };

const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
const COLUMN_BY_NAME = new Map<string, ImportColumn>(IMPORT_COLUMNS.map((column) => [normalise(column), column]));

/** The separator of the header line: the one it has more of outside quotes (`;` on a tie, as Excel writes in de, hu, it). */
export function detectDelimiter(text: string): ";" | "," {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ";") semicolons++;
    else if (!quoted && char === ",") commas++;
  }
  return commas > semicolons ? "," : ";";
}

export function parseImportCsv(bytes: Uint8Array): { rows: ImportRow[] } | { problem: CsvProblem } {
  if (bytes.length === 0) return { problem: { key: "recruiter:import.errors.empty" } };
  let text: string;
  try {
    // fatal: a Latin-1 or UTF-16 file is refused rather than read with broken umlauts; the BOM is dropped.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { problem: { key: "recruiter:import.errors.notUtf8" } };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: 64 * 1024,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as CsvError & { lines?: number }).lines ?? 0);
      return { problem: { key: "recruiter:import.errors.broken", values: { line } } };
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header || body.length === 0) return { problem: { key: "recruiter:import.errors.empty" } };
  const columns = header.record.map((name) => COLUMN_BY_NAME.get(normalise(name)) ?? null);
  const unknown = header.record.filter((name, index) => columns[index] === null && name.trim() !== "");
  if (unknown.length > 0)
    return { problem: { key: "recruiter:import.errors.unknownColumns", values: { columns: unknown.join(", ").slice(0, 300) } } };
  const duplicates = IMPORT_COLUMNS.filter((column) => columns.filter((candidate) => candidate === column).length > 1);
  if (duplicates.length > 0)
    return { problem: { key: "recruiter:import.errors.duplicateColumn", values: { columns: duplicates.join(", ") } } };
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) return { problem: { key: "recruiter:import.errors.missingColumns", values: { columns: missing.join(", ") } } };
  if (body.length > MAX_IMPORT_ROWS) return { problem: { key: "recruiter:import.errors.tooManyRows", values: { max: MAX_IMPORT_ROWS } } };
  const rows = body.map(({ record, info }) => {
    const row: ImportRow = { line: info.lines };
    columns.forEach((column, index) => {
      const value = record[index];
      if (column && value !== undefined && value.trim() !== "") row[column] = value.trim().slice(0, 1000);
    });
    return row;
  });
  return { rows };
}

/** The downloadable template: the header and two example rows, UTF-8 with BOM, the separator of the recruiter's language (decision 149). */
export function importTemplateCsv(delimiter: string): string {
  const example: Record<ImportColumn, string>[] = [
    {
      userName: "",
      email: "jana.kovacs@example.com",
      firstName: "Jana",
      lastName: "Kovács",
      language: "hu",
      profileId: "",
      owner: "",
      openUntil: "",
      onSite: "",
    },
    {
      userName: "m.mueller",
      email: "max.mueller@example.com",
      firstName: "Max",
      lastName: "Müller",
      language: "de",
      profileId: "",
      owner: "",
      openUntil: "",
      onSite: "yes",
    },
  ];
  return stringify([[...IMPORT_COLUMNS], ...example.map((row) => IMPORT_COLUMNS.map((column) => row[column]))], {
    bom: true,
    delimiter,
    record_delimiter: "windows",
  });
}
