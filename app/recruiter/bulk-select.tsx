import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import type { LeadColumn, ListRow, ListViewProps } from "./applicant-list";
import { BULK_ACTIONS } from "./bulk-form";
import { recruiterPath } from "./paths";

/**
 * The applicant list's bulk actions (docs/decisions/183): the table sits inside a POST form of its own (the list's GET
 * filter form stays apart), each row with a checkbox. Which applicants: the checked ones, all of this page, or all N
 * the filter matches (then the filter travels, and the upstream resolves it when the action runs); which action; the
 * confirmation page follows. Works without JavaScript.
 */
export function BulkForm({ props, children }: { props: ListViewProps; children: ReactNode }) {
  const { t } = useTranslation("recruiter");
  const { cstm, rows, total, values } = props;
  return (
    <Form method="post" action={recruiterPath(cstm, "/bulk")} aria-labelledby="bulk-form-title">
      {Object.entries(values).map(([name, value]) =>
        value && name !== "page" ? <input key={name} type="hidden" name={`filter.${name}`} value={value} /> : null,
      )}
      {rows.map((row) => (
        <input key={row.userName} type="hidden" name="pageUser" value={row.userName} />
      ))}
      {children}
      {rows.length > 0 ? (
        <fieldset className="bulk-actions">
          <legend id="bulk-form-title">{t("bulk.formTitle")}</legend>
          <fieldset>
            <legend>{t("bulk.scope")}</legend>
            <label>
              <input type="radio" name="scope" value="chosen" defaultChecked /> {t("bulk.scopeChosen")}
            </label>
            <label>
              <input type="radio" name="scope" value="page" /> {t("bulk.scopePage", { count: rows.length })}
            </label>
            <label>
              <input type="radio" name="scope" value="all" /> {t("bulk.scopeAll", { count: total })}
            </label>
          </fieldset>
          <div className="field">
            <label htmlFor="bulk-action">{t("bulk.action")}</label>
            <select id="bulk-action" name="action" defaultValue="">
              <option value="">{t("bulk.chooseAction")}</option>
              <BulkActionOptions />
            </select>
          </div>
          <input type="hidden" name="step" value="choose" />
          <button type="submit" className="button button-primary">
            {t("bulk.continue")}
          </button>
        </fieldset>
      ) : null}
    </Form>
  );
}

/** The checkbox column of the list's table. */
export function useBulkColumn(): LeadColumn {
  const { t } = useTranslation("recruiter");
  return {
    header: <span className="visually-hidden">{t("bulk.selectColumn")}</span>,
    cell: (row: ListRow) => (
      <input
        type="checkbox"
        name="user"
        value={row.userName}
        aria-label={t("bulk.select", { name: row.name ? `${row.name} (${row.userName})` : row.userName })}
      />
    ),
  };
}

/** The actions as a select's options (the list's chooser and the confirmation page's). */
export function BulkActionOptions() {
  const { t } = useTranslation("recruiter");
  return (
    <>
      {BULK_ACTIONS.map((action) => (
        <option key={action} value={action}>
          {t(`bulk.actions.${action}`)}
        </option>
      ))}
    </>
  );
}
