import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream, callUpstreamBinary } from "~/upstream/client.server";
import { applicantsPath } from "./paths";
import {
  applicantFieldsSchema,
  filterOptionsSchema,
  ownerSchema,
  toFilterOptions,
  type ApplicantFields,
  type FilterOptions,
} from "./schemas";
import { resultCellsSchema, resultColumnsSchema, toResultColumns, type ResultCells, type ResultColumns } from "./results.server";

/**
 * The applicant list (docs/api.md, Recruiter workspace: the applicant list, the list as a file;
 * docs/decisions/142, 171): one page of it, or every row of the filter as it streams in.
 */

const listSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  pages: z.number().int().positive(),
  applicants: z.array(
    applicantFieldsSchema.extend({
      loginEnabled: z.boolean().default(true),
      owner: ownerSchema.default(null),
      finishedModules: z.number().int().nonnegative(),
      totalModules: z.number().int().nonnegative(),
      progress: z.number().int().min(0).max(100),
      profiles: z.array(
        z.object({
          prof_prof_id: z.string(),
          name: z.string(),
          isOpen: z.boolean(),
          openUntil: z.string().nullable(),
          finishedComponents: z.number().int().nonnegative(),
          totalComponents: z.number().int().nonnegative(),
        }),
      ),
      results: resultCellsSchema.optional(),
    }),
  ),
  resultColumns: resultColumnsSchema.nullable().default(null),
  filterOptions: filterOptionsSchema,
});

export interface ApplicantRow extends ApplicantFields {
  progress: number;
  /** The chosen test's result cells (docs/decisions/184), when the query names one. */
  results?: ResultCells;
  profiles: { id: string; name: string; isOpen: boolean; openUntil: string | null; finished: number; total: number }[];
}

export interface ApplicantPage {
  resultColumns: ResultColumns | null;
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  applicants: ApplicantRow[];
  filterOptions: FilterOptions;
}

/** The list query as the upstream takes it (app/recruiter/list-query.ts builds it from the page's URL). */
export type ListQuery = Record<string, string | undefined>;

type ListRowPayload = z.infer<typeof listSchema>["applicants"][number];

export function toApplicantRow(row: ListRowPayload): ApplicantRow {
  return {
    ...row,
    profiles: row.profiles.map((profile) => ({
      id: profile.prof_prof_id,
      name: profile.name,
      isOpen: profile.isOpen,
      openUntil: profile.openUntil,
      finished: profile.finishedComponents,
      total: profile.totalComponents,
    })),
  };
}

export async function listApplicants(context: AppLoadContext, session: AppSession, cstm: string, query: ListQuery): Promise<ApplicantPage> {
  const response = await callUpstream(context, {
    method: "GET",
    path: applicantsPath(cstm),
    query,
    auth: "token",
    session,
    schema: listSchema,
  });
  return {
    total: response.total,
    page: response.page,
    pageSize: response.pageSize,
    pages: response.pages,
    resultColumns: toResultColumns(response.resultColumns),
    filterOptions: toFilterOptions(response.filterOptions),
    applicants: response.applicants.map(toApplicantRow),
  };
}

const exportHeadSchema = z.object({ total: z.number().int().nonnegative(), resultColumns: resultColumnsSchema.nullable().default(null) });
const exportEndSchema = z.object({ end: z.literal(true), rows: z.number().int().nonnegative() });
/** One row of the list in the upstream's shape (the export's lines, the bulk export's rows). */
export const exportRowSchema = listSchema.shape.applicants.element;
/** No line of the export comes near this; a longer one is a broken upstream, not a row to buffer. */
const MAX_EXPORT_LINE = 1024 * 1024;

/** The export's lines as values, one JSON document per line. */
async function* ndjsonValues(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = lines.pop() ?? "";
    if (rest.length > MAX_EXPORT_LINE) throw new Error("applicant export: a line longer than the limit");
    for (const line of lines) if (line.trim() !== "") yield JSON.parse(line);
  }
  rest += decoder.decode();
  if (rest.trim() !== "") yield JSON.parse(rest);
}

/**
 * The applicant list as it is filtered and sorted, every row (GET /{cstm}/recruiter/exports/applicants,
 * docs/decisions/171), read as it streams in. The upstream's refusal (429, 403, …) is thrown before
 * the first row; afterwards a broken or cut stream (no last line, a row count that does not match)
 * throws from the iteration, so a download fails rather than ending short without a word.
 */
export async function exportApplicants(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  query: ListQuery,
): Promise<AsyncGenerator<ApplicantRow> & { resultColumns: ResultColumns | null }> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
  const path = `/${encodeURIComponent(cstm)}/recruiter/exports/applicants${search.size > 0 ? `?${search}` : ""}`;
  const response = await callUpstreamBinary(context, { method: "GET", path, auth: "token", session });
  if (!response.body) throw new Error("applicant export: no body");
  // The head line first: it names the result columns the file's header needs (docs/decisions/184).
  const values = ndjsonValues(response.body);
  const first = await values.next();
  const head = exportHeadSchema.parse(first.done ? undefined : first.value);
  return Object.assign(exportRows(values), { resultColumns: toResultColumns(head.resultColumns) });
}

async function* exportRows(values: AsyncGenerator<unknown>): AsyncGenerator<ApplicantRow> {
  let rows = 0;
  for await (const value of values) {
    const end = exportEndSchema.safeParse(value);
    if (end.success) {
      if (end.data.rows !== rows) throw new Error(`applicant export: ${rows} rows arrived, the upstream sent ${end.data.rows}`);
      return;
    }
    rows++;
    yield toApplicantRow(exportRowSchema.parse(value));
  }
  throw new Error(`applicant export: cut short after ${rows} rows`);
}
