import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDate } from "~/i18n/format-date";
import { useTranslation } from "~/i18n/react";
import { Choice, FilterActions, FilterField, FilterGroup, Range, type FilterErrors, type FilterValues } from "./filter-fields";
import { validListSearch, withList } from "./list-context";
import { listSearch, type Sort } from "./list-query";
import type { ResultCells, ResultColumns } from "~/upstream/recruiter/results.server";
import { ScrollTable } from "./table-section";

/**
 * The recruiter's applicant list (docs/decisions/148): the GET form with search and filters (the URL holds
 * them, so the list can be bookmarked and works without JavaScript), the table with real headers,
 * caption and sortable columns, the pages, and the CSV export of exactly this list.
 */
export interface ListRow {
  userName: string;
  name: string | null;
  email: string | null;
  anonymous: boolean;
  status: string;
  finishedModules: number;
  totalModules: number;
  progress: number;
  registeredAt: string;
  lastActivityAt: string | null;
  owner: string | null;
  loginEnabled: boolean;
  activated: boolean;
  /** The chosen test's result cells (docs/decisions/184). */
  results: ResultCells | null;
}

export interface ListViewProps {
  cstm: string;
  basePath: string;
  values: FilterValues;
  errors: FilterErrors;
  sort: Sort;
  order: "asc" | "desc";
  filtered: boolean;
  total: number;
  page: number;
  pages: number;
  rows: ListRow[];
  options: { profiles: { value: string; label: string }[]; statuses: string[]; owners: { value: string; label: string }[] };
  /** The chosen test's columns, or null (docs/decisions/184). */
  resultColumns: ResultColumns | null;
}

/** `results`: the result columns' filters and sort choices (app/recruiter/results-columns.tsx). */
export function ApplicantFilters({
  basePath,
  values,
  errors,
  sort,
  order,
  filtered,
  options,
  results,
}: ListViewProps & { results?: { filters: ReactNode; sortOptions: ReactNode } }) {
  const { t } = useTranslation("recruiter");
  const yesNo = [
    { value: "true", label: t("list.yes") },
    { value: "false", label: t("list.no") },
  ];
  return (
    <Form method="get" action={basePath} className="recruiter-filters" role="search" aria-label={t("list.filtersLabel")}>
      <div className="recruiter-search">
        <FilterField name="q" label={t("list.search")} error={errors.q}>
          {(props) => <input {...props} type="search" defaultValue={values.q} maxLength={100} />}
        </FilterField>
        <button type="submit" className="button button-primary">
          {t("list.apply")}
        </button>
      </div>
      <details open={filtered || Object.keys(errors).length > 0}>
        <summary>{t("list.filters")}</summary>
        <div className="filter-grid">
          <FilterGroup group="select">
            <Choice
              name="profile"
              label={t("list.profile")}
              values={values}
              errors={errors}
              options={options.profiles}
              any={t("list.any")}
            />
            <Choice
              name="status"
              label={t("list.status")}
              values={values}
              errors={errors}
              options={options.statuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
              any={t("list.any")}
            />
            <Choice
              name="owner"
              label={t("list.owner")}
              values={values}
              errors={errors}
              options={[{ value: "-", label: t("list.noOwner") }, ...options.owners]}
              any={t("list.any")}
            />
          </FilterGroup>
          <FilterGroup group="boolean">
            {(["activated", "anonymous", "onSite"] as const).map((name) => (
              <Choice
                key={name}
                name={name}
                label={t(`list.boolean.${name}`)}
                values={values}
                errors={errors}
                options={yesNo}
                any={t("list.any")}
              />
            ))}
          </FilterGroup>
          <FilterGroup group="string">
            {(["name", "userName", "email"] as const).map((name) => (
              <FilterField key={name} name={name} label={t(`list.string.${name}`)} error={errors[name]}>
                {(props) => <input {...props} type="text" defaultValue={values[name]} maxLength={100} />}
              </FilterField>
            ))}
          </FilterGroup>
          <Range name="registered" type="date" values={values} errors={errors} />
          <Range name="activity" type="date" values={values} errors={errors} />
          <Range name="openUntil" type="date" values={values} errors={errors} />
          <Range name="progress" type="number" max={100} values={values} errors={errors} />
          <Range name="finished" type="number" max={1000} values={values} errors={errors} />
          {results?.filters}
          <FilterGroup group="sort">
            <FilterField name="sort" label={t("list.sortBy")} error={errors.sort}>
              {(props) => (
                <select {...props} defaultValue={sort}>
                  {(["name", "registered", "activity", "progress"] as const).map((value) => (
                    <option key={value} value={value}>
                      {t(`list.columns.${value}`)}
                    </option>
                  ))}
                  {results?.sortOptions}
                </select>
              )}
            </FilterField>
            <FilterField name="order" label={t("list.order")} error={errors.order}>
              {(props) => (
                <select {...props} defaultValue={order}>
                  <option value="asc">{t("list.ascending")}</option>
                  <option value="desc">{t("list.descending")}</option>
                </select>
              )}
            </FilterField>
          </FilterGroup>
        </div>
        <FilterActions basePath={basePath} />
      </details>
    </Form>
  );
}

/** x of y modules as text and as a bar (progress: whole percent, docs/decisions/023). */
export function ProgressBar({ finished, total, progress }: { finished: number; total: number; progress: number }) {
  const { t } = useTranslation("recruiter");
  const text = t("list.progressText", { finished, total, percent: progress });
  return (
    <div className="recruiter-progress">
      <progress max={100} value={progress} aria-label={text} />
      <span>{text}</span>
    </div>
  );
}

function SortHeader({ column, label, props }: { column: Sort; label: string; props: ListViewProps }) {
  const current = props.sort === column;
  const nextOrder = current && props.order === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={current ? (props.order === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={`${props.basePath}${listSearch(props.values, { sort: column, order: nextOrder, page: "" })}`}>{label}</Link>
    </th>
  );
}

/** A column of its own in front (the bulk actions' checkboxes, docs/decisions/183). */
export interface LeadColumn {
  header: ReactNode;
  cell: (row: ListRow) => ReactNode;
}

/** `results`: the result columns (app/recruiter/results-columns.tsx): headers, cells per row, their count. */
export function ApplicantTable({
  lead,
  ...props
}: ListViewProps & { lead?: LeadColumn; results?: { headers: ReactNode; cells: (row: ListRow) => ReactNode; count: number } }) {
  const { t, language } = useTranslation("recruiter");
  const { rows, total, page, pages, basePath, values } = props;
  // An applicant opened from here finds the way back to this list (docs/decisions/188).
  const carried = validListSearch(props);
  return (
    <>
      <ScrollTable captionId="applicants-caption" className="recruiter-table" caption={t("list.caption", { count: total, page, pages })}>
        <thead>
          <tr>
            {lead ? <th scope="col">{lead.header}</th> : null}
            <SortHeader column="name" label={t("list.columns.name")} props={props} />
            <th scope="col">{t("list.columns.status")}</th>
            <SortHeader column="progress" label={t("list.columns.progress")} props={props} />
            <SortHeader column="registered" label={t("list.columns.registered")} props={props} />
            <SortHeader column="activity" label={t("list.columns.activity")} props={props} />
            <th scope="col">{t("list.columns.owner")}</th>
            {props.results?.headers}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={(lead ? 7 : 6) + (props.results?.count ?? 0)}>{t("list.empty")}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.userName}>
                {lead ? <td>{lead.cell(row)}</td> : null}
                <th scope="row">
                  <Link to={withList(`${basePath}/${encodeURIComponent(row.userName)}`, carried)}>{row.name ?? t("list.anonymous")}</Link>
                  <span className="recruiter-sub">{row.userName}</span>
                  {row.email ? <span className="recruiter-sub">{row.email}</span> : null}
                </th>
                <td>
                  {t(`status.${row.status}`, { defaultValue: row.status })}
                  {!row.activated ? <span className="recruiter-sub">{t("list.notActivated")}</span> : null}
                  {!row.loginEnabled ? <span className="recruiter-sub">{t("list.accessDisabled")}</span> : null}
                </td>
                <td>
                  <ProgressBar finished={row.finishedModules} total={row.totalModules} progress={row.progress} />
                </td>
                <td>{formatDate(row.registeredAt, language)}</td>
                <td>{row.lastActivityAt ? formatDate(row.lastActivityAt, language) : t("list.never")}</td>
                <td>{row.owner ?? t("list.noOwner")}</td>
                {props.results?.cells(row)}
              </tr>
            ))
          )}
        </tbody>
      </ScrollTable>
      {pages > 1 ? (
        <nav className="pagination" aria-label={t("list.pagination")}>
          <ul>
            {page > 1 ? (
              <li>
                <Link to={`${basePath}${listSearch(values, { page: String(page - 1) })}`} rel="prev">
                  {t("list.previous")}
                </Link>
              </li>
            ) : null}
            <li aria-current="page">{t("list.pageOf", { page, pages })}</li>
            {page < pages ? (
              <li>
                <Link to={`${basePath}${listSearch(values, { page: String(page + 1) })}`} rel="next">
                  {t("list.next")}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
      <p>
        {/* No `download` attribute: the file comes as an attachment anyway, and a refusal (decision 171)
            must lead back to the list with its message rather than be saved as the file. */}
        <a href={`${basePath}.csv${listSearch(values, { page: "" })}`}>{t("list.export", { count: total })}</a>
      </p>
    </>
  );
}
