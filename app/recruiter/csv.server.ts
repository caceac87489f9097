import { stringify } from "csv-stringify/sync";
import type { Language } from "~/i18n/languages";

/**
 * CSV downloads of the recruiter workspace (docs/decisions/149): csv-stringify, UTF-8
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

/** Rows written per chunk of a streamed CSV. */
const STREAM_BATCH = 500;

/**
 * The same CSV as toCsv, written while the rows arrive (the applicant list's export, decision 171):
 * the byte-order mark and header at once, then the rows in batches. Memory holds one batch, not the
 * file. An error of `rows` errors the stream: the download fails instead of ending short.
 */
export function csvStream(header: string[], rows: AsyncIterable<CsvValue[]>, language: Language): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const options = { delimiter: csvSeparator(language), record_delimiter: "windows" as const };
  const iterator = rows[Symbol.asyncIterator]();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(stringify([header.map(cell)], { ...options, bom: true })));
        return;
      }
      const batch: string[][] = [];
      let done = false;
      while (batch.length < STREAM_BATCH) {
        const next = await iterator.next();
        if (next.done) {
          done = true;
          break;
        }
        batch.push(next.value.map(cell));
      }
      if (batch.length > 0) controller.enqueue(encoder.encode(stringify(batch, options)));
      if (done) controller.close();
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}

/** A download response: UTF-8 CSV, never cached, with an ASCII file name. */
export function csvResponse(csv: string | ReadableStream<Uint8Array>, fileName: string): Response {
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
