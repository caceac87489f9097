import { stringify } from "csv-stringify/sync";
import type { Language } from "~/i18n/languages";

/**
 * CSV downloads of the recruiter workspace (issue 11, docs/decisions/149): csv-stringify, UTF-8
 * with a byte-order mark so Excel opens umlauts correctly, and the separator Excel expects in the
 * recruiter's language (a semicolon where the decimal mark is a comma: de, hu, it; a comma in
 * en_GB). A cell an applicant wrote that starts like a formula (= + - @) is prefixed with an
 * apostrophe, so a spreadsheet never runs it (CSV injection).
 */
export function csvSeparator(language: Language): string {
  return language === "en_GB" ? "," : ";";
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** What a cell may hold: no objects, which would come out as "[object Object]". */
export type CsvValue = string | number | boolean | null | undefined;

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function toCsv(header: string[], rows: CsvValue[][], language: Language): string {
  return stringify([header.map(cell), ...rows.map((row) => row.map(cell))], {
    bom: true,
    delimiter: csvSeparator(language),
    record_delimiter: "windows",
  });
}

/** A download response: UTF-8 CSV, never cached, with an ASCII file name. */
export function csvResponse(csv: string, fileName: string): Response {
  const safeName = fileName.replace(/[^A-Za-z0-9._-]/g, "_");
  return new Response(csv, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safeName}"`,
      "Cache-Control": "no-store",
    },
  });
}
