import type { LoaderFunctionArgs } from "@remix-run/node";
import { getTranslator } from "~/i18n/i18n.server";
import { csvResponse, toCsv } from "~/recruiter/csv.server";
import { APPLICANT_STATUSES, readListQuery } from "~/recruiter/list-query";
import { requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { listApplicants, type ApplicantRow } from "~/upstream/recruiter.server";

/**
 * /{cstm}/recruiter/applicants.csv (issue 11): the list as it is filtered and sorted on the page,
 * all of its pages, as CSV (app/recruiter/csv.server.ts). Bad filter values are left out, as on
 * the page. At most MAX_ROWS rows: a larger export is a job for part 2's reports.
 */
const PAGE_SIZE = 1000;
const MAX_ROWS = 20_000;

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const query = readListQuery(new URL(args.request.url).searchParams, APPLICANT_STATUSES);
  const rows: ApplicantRow[] = [];
  await withRecruiterUpstream(args, recruiter, async () => {
    for (let page = 1; rows.length < MAX_ROWS; page++) {
      const list = await listApplicants(args.context, session, cstm, {
        ...query.upstream,
        page: String(page),
        pageSize: String(PAGE_SIZE),
      });
      rows.push(...list.applicants);
      if (page >= list.pages) break;
    }
  });
  const t = getTranslator(language, "recruiter");
  const yesNo = (value: boolean) => (value ? t("list.yes") : t("list.no"));
  const columns = [
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
  const csv = toCsv(
    columns.map((column) => t(`csv.${column}`)),
    rows
      .slice(0, MAX_ROWS)
      .map((row) => [
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
      ]),
    language,
  );
  args.context.logger.info(
    { recruiterExport: { cstm, recruiter: recruiter.recruiter.userName, rows: Math.min(rows.length, MAX_ROWS) } },
    "recruiter exported the applicant list",
  );
  return csvResponse(csv, `applicants-${cstm}-${new Date().toISOString().slice(0, 10)}.csv`);
}
