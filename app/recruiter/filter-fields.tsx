import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { ActionField } from "./action-form";
import type { ListParameter } from "./list-query";

/**
 * The fields of the recruiter's filter forms (GET forms: the URL holds the filters, docs/decisions/148), used by
 * the applicant list and the summary (docs/decisions/155) alike, so a filter looks and answers the same on both.
 */
export type FilterValues = Record<ListParameter, string>;
export type FilterErrors = Partial<Record<ListParameter, string>>;

/** One field of a filter form: an action form's field (label, control, the message of a refused value) with its name. */
export function FilterField({
  name,
  label,
  error,
  children,
}: {
  name: ListParameter;
  label: string;
  error?: string;
  children: (aria: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  return (
    <ActionField id={`filter-${name}`} label={label} error={error}>
      {({ id, ...described }) => children({ id, name, ...described })}
    </ActionField>
  );
}

/** A select of one filter, its first option "any". */
export function Choice({
  name,
  label,
  values,
  errors,
  options,
  any,
}: {
  name: ListParameter;
  label: string;
  values: FilterValues;
  errors: FilterErrors;
  options: { value: string; label: string }[];
  any: string;
}) {
  return (
    <FilterField name={name} label={label} error={errors[name]}>
      {(props) => (
        <select {...props} defaultValue={values[name]}>
          <option value="">{any}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}

/** A range of one filter (from/to dates, min/max numbers) as a fieldset: `{name}From`/`{name}To` or `…Min`/`…Max`. */
export function Range({
  name,
  type,
  values,
  errors,
  min = 0,
  max,
  legend,
}: {
  name: string;
  type: "date" | "number";
  values: FilterValues;
  errors: FilterErrors;
  min?: number;
  max?: number;
  /** Instead of the range's own label (list.range.{name}). */
  legend?: string;
}) {
  const { t } = useTranslation("recruiter");
  const [first, second] = type === "date" ? (["From", "To"] as const) : (["Min", "Max"] as const);
  return (
    <fieldset className="filter-range">
      <legend>{legend ?? t(`list.range.${name}`)}</legend>
      {[first, second].map((end) => {
        const parameter = `${name}${end}`;
        return (
          <FilterField key={end} name={parameter} label={t(`list.${end.toLowerCase()}`)} error={errors[parameter]}>
            {(props) =>
              type === "date" ? (
                <input {...props} type="date" defaultValue={values[parameter]} />
              ) : (
                <input {...props} type="number" inputMode="numeric" min={min} max={max} step={1} defaultValue={values[parameter]} />
              )
            }
          </FilterField>
        );
      })}
    </fieldset>
  );
}

/** A group of a filter form's fields under its legend (list.groups.*). */
export function FilterGroup({ group, children }: { group: "select" | "boolean" | "string" | "sort"; children: ReactNode }) {
  const { t } = useTranslation("recruiter");
  return (
    <fieldset>
      <legend>{t(`list.groups.${group}`)}</legend>
      {children}
    </fieldset>
  );
}

/** A filter form's buttons: apply, and reset to the page without any filter. */
export function FilterActions({ basePath }: { basePath: string }) {
  const { t } = useTranslation("recruiter");
  return (
    <div className="filter-actions">
      <button type="submit" className="button button-primary">
        {t("list.apply")}
      </button>
      <Link to={basePath}>{t("list.reset")}</Link>
    </div>
  );
}
