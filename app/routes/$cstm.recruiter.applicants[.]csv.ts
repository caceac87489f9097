import type { LoaderFunctionArgs } from "@remix-run/node";
import { getTranslator } from "~/i18n/i18n.server";
import { csvResponse, csvStream, type CsvValue } from "~/recruiter/csv.server";
import { APPLICANT_STATUSES, readListQuery } from "~/recruiter/list-query";
import { recruiterPath, requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { isRateLimited, refusedDownload } from "~/recruiter/too-many.server";
import { exportApplicants, type ApplicantRow } from "~/upstream/recruiter/list.server";

/**
 * /{cstm}/recruiter/applicants.csv (R-SCR-14): the list as it is filtered and sorted on the page, as
 * CSV (app/recruiter/csv.server.ts). Bad filter values are left out, as on the page. Every row
 * (docs/decisions/171): the upstream's export streams the list and the file is written as it comes,
 * so neither side holds the whole list; a stream cut short fails the download rather than ending a
 * file early. The upstream limits and audits the export (filter and row count); its refusal brings
 * the recruiter back to the list with the message.
 */
const COLUMNS = [
  "userName",
  "firstName",
  "lastName",
  "email",
  "status",
  "progress",
  "finishedModules",
  "totalModules",
  "profiles",
  "registered",
  "lastActivity",
  "owner",
  "activated",
  "anonymous",
  "onSite",
  "loginEnabled",
];

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
  const yesNo = (value: boolean) => (value ? t("list.yes") : t("list.no"));
  // The chosen test's result columns (docs/decisions/184), as on the page.
  const columns = rows.resultColumns;
  const resultHeader = columns
    ? [
        t("csv.completion", { test: columns.name }),
        t("csv.rating", { test: columns.name }),
        ...columns.scales.map((scale) => t("csv.norm", { scale: scale.name })),
      ]
    : [];
  const resultCells = (row: ApplicantRow): CsvValue[] =>
    columns
      ? [
          row.results?.assigned ? `${row.results.finishedModules ?? 0}/${row.results.totalModules ?? 0}` : "",
          row.results?.rating ?? "",
          ...columns.scales.map((scale) => row.results?.norms[String(scale.compId)] ?? ""),
        ]
      : [];
  const cells = (row: ApplicantRow): CsvValue[] => [
    row.userName,
    row.firstName,
    row.lastName,
    row.email,
    t(`status.${row.status}`, { defaultValue: row.status }),
    row.progress,
    row.finishedModules,
    row.totalModules,
    row.profiles.map((profile) => `${profile.name} (${profile.id}) ${profile.finished}/${profile.total}`).join(", "),
    row.registeredAt.slice(0, 10),
    row.lastActivityAt?.slice(0, 10) ?? "",
    row.owner?.name ?? "",
    yesNo(row.activated),
    yesNo(row.anonymous),
    yesNo(row.onSite),
    yesNo(row.loginEnabled),
    ...resultCells(row),
  ];
  const { logger } = args.context;
  async function* lines(): AsyncGenerator<CsvValue[]> {
    let count = 0;
    try {
      for await (const row of rows) {
        count++;
        yield cells(row);
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
  return csvResponse(
    csvStream([...COLUMNS.map((column) => t(`csv.${column}`)), ...resultHeader], lines(), language),
    `applicants-${cstm}-${new Date().toISOString().slice(0, 10)}.csv`,
  );
}
