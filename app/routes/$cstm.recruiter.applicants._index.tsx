import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { ApplicantFilters, ApplicantTable, type ListViewProps } from "~/recruiter/applicant-list";
import { validListSearch } from "~/recruiter/list-context";
import { BulkForm, useBulkColumn } from "~/recruiter/bulk-select";
import { APPLICANT_STATUSES, readListQuery } from "~/recruiter/list-query";
import { SavedViews } from "~/recruiter/saved-views";
import { askViews, savedViewsProps } from "~/recruiter/saved-views.server";
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
  const [list, views] = await withRecruiterUpstream(args, recruiter, () =>
    Promise.all([listWithResults(args.context, session, cstm, query, language), askViews(args.context, session, cstm)]),
  );
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
  // The recruiter's saved views, and this list to save as one (docs/decisions/188).
  return { title: t("list.documentTitle"), props, views: savedViewsProps(cstm, views, validListSearch(query)) };
}

export default function ApplicantList() {
  const { props, views } = useLoaderData<typeof loader>();
  const { t } = useTranslation("recruiter");
  const bulkColumn = useBulkColumn();
  return (
    <section aria-labelledby="applicants-title">
      <h1 id="applicants-title">{t("list.title")}</h1>
      <ApplicantFilters
        {...props}
        results={{ filters: <ResultFilters {...props} />, sortOptions: <NormSortOptions resultColumns={props.resultColumns} /> }}
      />
      <SavedViews {...views} />
      {/* The table in the bulk actions' POST form: its rows' checkboxes are the selection (decision 183). */}
      <BulkForm props={props}>
        <ApplicantTable
          {...props}
          lead={bulkColumn}
          results={{
            headers: <ResultHeaders {...props} />,
            cells: (row) => <ResultCellsOf columns={props.resultColumns} cells={row.results} />,
            count: resultColumnCount(props.resultColumns),
          }}
        />
      </BulkForm>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
