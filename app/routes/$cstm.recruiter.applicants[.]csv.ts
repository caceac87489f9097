import type { LoaderFunctionArgs } from "@remix-run/node";
import { getTranslator } from "~/i18n/i18n.server";
import { applicantCells, applicantCsv } from "~/recruiter/applicant-csv.server";
import { csvResponse, type CsvValue } from "~/recruiter/csv.server";
import { APPLICANT_STATUSES, readListQuery } from "~/recruiter/list-query";
import { recruiterPath, requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { isRateLimited, refusedDownload } from "~/recruiter/too-many.server";
import { exportApplicants } from "~/upstream/recruiter/list.server";

/**
 * /{cstm}/recruiter/applicants.csv (R-SCR-14): the list as it is filtered and sorted on the page, as
 * CSV (app/recruiter/csv.server.ts). Bad filter values are left out, as on the page. Every row
 * (docs/decisions/171): the upstream's export streams the list and the file is written as it comes,
 * so neither side holds the whole list; a stream cut short fails the download rather than ending a
 * file early. The upstream limits and audits the export (filter and row count); its refusal brings
 * the recruiter back to the list with the message.
 */

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const url = new URL(args.request.url);
  const { page: _page, pageSize: _pageSize, ...filter } = readListQuery(url.searchParams, APPLICANT_STATUSES).upstream;
  let rows: Awaited<ReturnType<typeof exportApplicants>>;
  try {
    // The result columns' scale names in the recruiter's language (docs/decisions/184).
    const query = filter.results ? { ...filter, language } : filter;
    rows = await withRecruiterUpstream(args, recruiter, () => exportApplicants(args.context, session, cstm, query));
  } catch (error) {
    if (isRateLimited(error)) throw await refusedDownload(args, recruiter, "list-export", recruiterPath(cstm, `/applicants${url.search}`));
    throw error;
  }
  const t = getTranslator(language, "recruiter");
  const columns = rows.resultColumns;
  const { logger } = args.context;
  async function* lines(): AsyncGenerator<CsvValue[]> {
    let count = 0;
    try {
      for await (const row of rows) {
        count++;
        yield applicantCells(row, t, columns);
      }
    } catch (error) {
      logger.error({ err: error, recruiterExport: { cstm, rows: count } }, "applicant list export cut short");
      throw error;
    }
    logger.info(
      { recruiterExport: { cstm, recruiter: recruiter.recruiter.userName, rows: count } },
      "recruiter exported the applicant list",
    );
  }
  return csvResponse(applicantCsv(lines(), t, language, columns), `applicants-${cstm}-${new Date().toISOString().slice(0, 10)}.csv`);
}
