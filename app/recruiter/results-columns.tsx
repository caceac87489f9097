import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ResultCells, ResultColumns } from "~/upstream/recruiter/results.server";
import type { ListViewProps } from "./applicant-list";
import { Choice, Range } from "./filter-fields";
import { listSearch, type NormSort } from "./list-query";

/**
 * The applicant list's result columns (docs/decisions/184, 185): the chosen test's completion, rating and
 * norm value per scale, sortable by norm value (applicants without one last), and their filters in the
 * list's GET form: the test, the rating range, a norm range per scale of the chosen test.
 */
export function ResultFilters({ values, errors, options, resultColumns }: ListViewProps) {
  const { t } = useTranslation("recruiter");
  // A norm range of a scale the chosen test does not have has no field to stand at: its message stands here.
  const shown = new Set(resultColumns?.scales.flatMap((scale) => [`norm${scale.compId}Min`, `norm${scale.compId}Max`]) ?? []);
  const unplaced = Object.entries(errors).filter(([name]) => /^norm\d+(Min|Max)$/.test(name) && !shown.has(name));
  return (
    <fieldset className="filter-results">
      <legend>{t("list.results.legend")}</legend>
      <Choice
        name="results"
        label={t("list.results.test")}
        values={values}
        errors={errors}
        options={options.profiles}
        any={t("list.results.none")}
      />
      {unplaced.map(([name, error]) => (
        <p key={name} className="field-error" role="alert">
          {name}: {t(error!)}
        </p>
      ))}
      <Range name="rating" type="number" min={1} max={5} values={values} errors={errors} />
      {resultColumns?.scales.map((scale) => (
        <Range
          key={scale.compId}
          name={`norm${scale.compId}`}
          legend={t("list.results.normRange", { scale: scale.name })}
          type="number"
          min={1}
          max={9}
          values={values}
          errors={errors}
        />
      ))}
    </fieldset>
  );
}

/** The sort choices of the chosen test's scales, for the form's sort select. */
export function NormSortOptions({ resultColumns }: Pick<ListViewProps, "resultColumns">) {
  const { t } = useTranslation("recruiter");
  return (
    <>
      {resultColumns?.scales.map((scale) => (
        <option key={scale.compId} value={`norm${scale.compId}`}>
          {t("list.results.normColumn", { scale: scale.name })}
        </option>
      ))}
    </>
  );
}

export function ResultHeaders(props: ListViewProps) {
  const { t } = useTranslation("recruiter");
  const columns = props.resultColumns;
  if (!columns) return null;
  return (
    <>
      <th scope="col">{t("list.results.completion", { test: columns.name })}</th>
      <th scope="col">{t("list.results.rating")}</th>
      {columns.scales.map((scale) => {
        const column: NormSort = `norm${scale.compId}`;
        const current = props.sort === column;
        // Highest first on the first click: a shortlist starts with the best values.
        const nextOrder = current && props.order === "desc" ? "asc" : "desc";
        return (
          <th key={scale.compId} scope="col" aria-sort={current ? (props.order === "asc" ? "ascending" : "descending") : undefined}>
            <Link to={`${props.basePath}${listSearch(props.values, { sort: column, order: nextOrder, page: "" })}`}>
              {t("list.results.normColumn", { scale: scale.name })}
            </Link>
          </th>
        );
      })}
    </>
  );
}

export function ResultCellsOf({ columns, cells }: { columns: ResultColumns | null; cells: ResultCells | null }) {
  const { t } = useTranslation("recruiter");
  if (!columns) return null;
  const none = <span aria-label={t("list.results.noValue")}>–</span>;
  return (
    <>
      <td>
        {cells?.assigned
          ? t("list.results.completionText", { finished: cells.finishedModules ?? 0, total: cells.totalModules ?? 0 })
          : t("list.results.notAssigned")}
      </td>
      <td>{cells?.rating ? t("list.results.ratingText", { rating: cells.rating }) : none}</td>
      {columns.scales.map((scale) => {
        const value = cells?.norms[String(scale.compId)] ?? null;
        return <td key={scale.compId}>{value === null ? none : value}</td>;
      })}
    </>
  );
}

/** How many columns the result columns add (the empty list's cell spans them). */
export function resultColumnCount(columns: ResultColumns | null): number {
  return columns ? 2 + columns.scales.length : 0;
}
