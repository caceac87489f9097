import { Form, Link, useParams } from "@remix-run/react";
import { formatDate } from "~/i18n/format-date";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translator";
import { APPLICANT_STATUSES, listSearch, type ListParameter } from "./list-query";
import { type BulkAction, type BulkFormState } from "./bulk-form";
import { BulkActionOptions } from "./bulk-select";
import type { BulkOptions } from "./bulk.server";
import { EraseWarning } from "./erase-warning";
import { recruiterPath } from "./paths";

/**
 * The confirmation page's parts (docs/decisions/183): the parameters of the action, then the confirmation that names
 * the change and how many applicants it reaches. Both are POST forms that carry the selection (hidden fields) and
 * work without JavaScript; the export's form is a document post, whose answer is the file.
 */
export interface BulkView extends BulkFormState {
  stage: "parameters" | "confirm";
  options: BulkOptions;
}

export function BulkTitle({ listValues }: { listValues: Partial<Record<ListParameter, string>> }) {
  const { t } = useTranslation("recruiter");
  const { cstm = "" } = useParams();
  return (
    <>
      <p>
        <Link to={`${recruiterPath(cstm, "/applicants")}${listSearch(listValues, {})}`}>{t("bulk.back")}</Link>
      </p>
      <h1 id="bulk-title">{t("bulk.title")}</h1>
    </>
  );
}

/** The selection and the list's filter, as hidden fields of every step's form. */
function SelectionFields({ view }: { view: BulkView }) {
  const { selection, listValues } = view;
  return (
    <>
      <input type="hidden" name="scope" value={selection?.scope === "all" ? "all" : "chosen"} />
      {selection?.scope === "names"
        ? selection.userNames.map((userName) => <input key={userName} type="hidden" name="user" value={userName} />)
        : null}
      {Object.entries(listValues).map(([name, value]) => (
        <input key={name} type="hidden" name={`filter.${name}`} value={value} />
      ))}
    </>
  );
}

function Errors({ errors }: { errors: Record<string, string> }) {
  const { t } = useTranslation("recruiter");
  const messages = Object.values(errors);
  if (messages.length === 0) return null;
  return (
    <div className="form-errors" role="alert">
      {[...new Set(messages)].map((message) => (
        <p key={message}>{t(message)}</p>
      ))}
    </div>
  );
}

function Field({ name, label, error, children }: { name: string; label: string; error?: string; children: (aria: object) => JSX.Element }) {
  const { t } = useTranslation("recruiter");
  const id = `bulk-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, name, ...(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {}) })}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

function SelectionCount({ view }: { view: BulkView }) {
  const { t } = useTranslation("recruiter");
  if (!view.selection) return null;
  return <p>{t(view.selection.scope === "all" ? "bulk.countAll" : "bulk.count", { count: view.options.count })}</p>;
}

export function BulkParameters({ view }: { view: BulkView }) {
  const { t } = useTranslation("recruiter");
  const { action, values, errors, options } = view;
  return (
    <div className="card">
      <SelectionCount view={view} />
      <Errors errors={errors} />
      <Form method="post">
        <SelectionFields view={view} />
        <input type="hidden" name="step" value="parameters" />
        <input type="hidden" name="shownAction" value={action ?? ""} />
        <Field name="action" label={t("bulk.action")} error={errors.action}>
          {(aria) => (
            <select {...aria} defaultValue={action ?? ""}>
              {action ? null : <option value="">{t("bulk.chooseAction")}</option>}
              <BulkActionOptions />
            </select>
          )}
        </Field>
        {action === "assign-profile" || action === "open-until" ? (
          <>
            <Field name="profileId" label={t("bulk.profile")} error={errors.profileId}>
              {(aria) => (
                <select {...aria} defaultValue={values.profileId ?? ""}>
                  <option value="">{t("bulk.chooseProfile")}</option>
                  {options.profiles.map((profile) => (
                    <option key={profile.value} value={profile.value}>
                      {profile.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="openUntil" label={t("bulk.openUntil")} error={errors.openUntil}>
              {(aria) => <input {...aria} type="date" defaultValue={values.openUntil ?? ""} />}
            </Field>
          </>
        ) : null}
        {action === "status" ? (
          <Field name="status" label={t("bulk.status")} error={errors.status}>
            {(aria) => (
              <select {...aria} defaultValue={values.status ?? ""}>
                <option value="">{t("bulk.chooseStatus")}</option>
                {APPLICANT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`status.${status}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {action === "owner" ? (
          <Field name="owner" label={t("bulk.owner")} error={errors.owner}>
            {(aria) => (
              <select {...aria} defaultValue={values.owner ?? ""}>
                <option value="">{t("bulk.chooseOwner")}</option>
                <option value="-">{t("list.noOwner")}</option>
                {options.owners.map((owner) => (
                  <option key={owner.value} value={owner.value}>
                    {owner.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <div className="filter-actions">
          <button type="submit" className="button button-primary" disabled={!view.selection}>
            {t("bulk.continue")}
          </button>
        </div>
      </Form>
    </div>
  );
}

/** The change in words, with the parameters' names (not their ids) as the page showed them. */
export function describeChange(
  t: TFunction,
  language: Parameters<typeof formatDate>[1],
  action: BulkAction,
  values: Record<string, string>,
  options: Pick<BulkOptions, "profiles" | "owners">,
) {
  const profile = options.profiles.find((candidate) => candidate.value === values.profileId?.trim())?.label ?? values.profileId;
  const date = values.openUntil?.trim() ? formatDate(values.openUntil.trim(), language) : "";
  switch (action) {
    case "assign-profile":
      return t(date ? "bulk.change.assignProfileUntil" : "bulk.change.assignProfile", { profile, date });
    case "open-until":
      return t(date ? "bulk.change.openUntil" : "bulk.change.openUntilNone", { profile, date });
    case "status":
      return t("bulk.change.status", { status: t(`status.${values.status}`) });
    case "owner": {
      const owner = options.owners.find((candidate) => candidate.value === values.owner?.trim())?.label ?? values.owner;
      return values.owner?.trim() === "-" ? t("bulk.change.ownerNone") : t("bulk.change.owner", { owner });
    }
    default:
      return t(`bulk.change.${action}`);
  }
}

export function BulkConfirmation({ view }: { view: BulkView }) {
  const { t, language } = useTranslation("recruiter");
  const { cstm = "" } = useParams();
  const action = view.action!;
  const count = view.options.count;
  const change = describeChange(t, language, action, view.values, view.options);
  const erase = action === "erase";
  const fields = (
    <>
      <SelectionFields view={view} />
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="step" value="confirm" />
      {Object.entries(view.values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
  return (
    <div className="card confirmation">
      <h2>{t(erase ? "bulk.confirmEraseTitle" : "bulk.confirmTitle", { count, change })}</h2>
      {erase ? <EraseWarning /> : <p>{t(view.selection?.scope === "all" ? "bulk.confirmAll" : "bulk.confirmNamed", { count })}</p>}
      <Errors errors={view.errors} />
      {/* The export answers with the file: a document post, not a fetch of the page's data. */}
      <Form
        method="post"
        className="filter-actions"
        {...(action === "export" ? { action: recruiterPath(cstm, "/bulk.csv"), reloadDocument: true } : {})}
      >
        {fields}
        <button type="submit" name="confirmed" value="yes" className="button button-primary" disabled={count === 0}>
          {t(erase ? "bulk.submitErase" : "bulk.submit", { count })}
        </button>
      </Form>
    </div>
  );
}
