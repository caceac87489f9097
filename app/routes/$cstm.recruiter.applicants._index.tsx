import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { ApplicantFilters, ApplicantTable, type ListViewProps } from "~/recruiter/applicant-list";
import { APPLICANT_STATUSES, readListQuery } from "~/recruiter/list-query";
import { recruiterPath, requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { listWithResults } from "~/recruiter/results-query.server";
import { NormSortOptions, ResultCellsOf, resultColumnCount, ResultFilters, ResultHeaders } from "~/recruiter/results-columns";

/**
 * /{cstm}/recruiter/applicants (docs/decisions/148): the applicant list. Search, filters, sort and page are
 * the URL's query (a GET form: bookmarkable, works without JavaScript); the upstream filters, sorts
 * and pages (25 per page). A bad filter value is shown with its message and left out of the query.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const query = readListQuery(new URL(args.request.url).searchParams, APPLICANT_STATUSES);
  // The result columns' parameters the upstream refuses are shown at their fields (docs/decisions/184).
  const list = await withRecruiterUpstream(args, recruiter, () => listWithResults(args.context, session, cstm, query, language));
  const t = getTranslator(language, "recruiter");
  const props: ListViewProps = {
    cstm,
    basePath: recruiterPath(cstm, "/applicants"),
    values: query.values,
    errors: query.errors,
    sort: query.sort,
    order: query.order,
    filtered: query.filtered,
    total: list.total,
    page: list.page,
    pages: list.pages,
    options: list.filterOptions,
    resultColumns: list.resultColumns,
    rows: list.applicants.map((row) => ({
      userName: row.userName,
      name: [row.firstName, row.lastName].filter(Boolean).join(" ") || null,
      email: row.email,
      anonymous: row.anonymous,
      status: row.status,
      finishedModules: row.finishedModules,
      totalModules: row.totalModules,
      progress: row.progress,
      registeredAt: row.registeredAt,
      lastActivityAt: row.lastActivityAt,
      owner: row.owner?.name ?? null,
      loginEnabled: row.loginEnabled,
      activated: row.activated,
      results: row.results ?? null,
    })),
  };
  return { title: t("list.documentTitle"), props };
}

export default function ApplicantList() {
  const { props } = useLoaderData<typeof loader>();
  const { t } = useTranslation("recruiter");
  return (
    <section aria-labelledby="applicants-title">
      <h1 id="applicants-title">{t("list.title")}</h1>
      <ApplicantFilters
        {...props}
        results={{ filters: <ResultFilters {...props} />, sortOptions: <NormSortOptions resultColumns={props.resultColumns} /> }}
      />
      <ApplicantTable
        {...props}
        results={{
          headers: <ResultHeaders {...props} />,
          cells: (row) => <ResultCellsOf columns={props.resultColumns} cells={row.results} />,
          count: resultColumnCount(props.resultColumns),
        }}
      />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
