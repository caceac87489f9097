import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import type { FieldState } from "./form-state";
import { translateMessage } from "./messages";

/**
 * The one place that wires a label, the control, aria-invalid / aria-describedby and the error list
 * (STYLE: no route hand-writes that again). Error messages are i18n keys ("validation:…"),
 * translated here in the request's language. Forms use noValidate: the server's translated
 * messages are shown, never the browser's own (in the browser's language).
 */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation("validation");
  return (
    <div id={id} className="field-errors">
      {errors?.map((error) => (
        <p key={error} className="field-error">
          {translateMessage(t, error)}
        </p>
      ))}
    </div>
  );
}

/**
 * Form-level errors (e.g. "Username or password incorrect"), announced as an alert. With `focus` (a
 * refused form without an invalid field, FormState.focusErrors) the message takes focus, as the first
 * invalid field would: autofocus in the server's document, so also without JavaScript (decision 132).
 */
export function FormErrors({
  id,
  errors,
  namespace = "validation",
  focus,
}: {
  id: string;
  errors?: string[];
  namespace?: "validation" | "auth";
  focus?: boolean;
}) {
  const { t } = useTranslation(namespace);
  if (!errors?.length) return null;
  return (
    <div className="form-errors" role="alert" id={id} tabIndex={focus ? -1 : undefined} autoFocus={focus || undefined}>
      {errors.map((error) => (
        <p key={error}>{translateMessage(t, error)}</p>
      ))}
    </div>
  );
}

function aria(field: FieldState, hasHint: boolean) {
  const invalid = Boolean(field.errors?.length);
  const ids = [hasHint ? field.descriptionId : undefined, invalid ? field.errorId : undefined].filter(Boolean);
  return {
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  } as const;
}

function Label({ field, label, optional }: { field: FieldState; label: ReactNode; optional?: boolean }) {
  const { t } = useTranslation("validation");
  return (
    <label htmlFor={field.id}>
      {label}
      {optional ? <span className="field-optional"> {t("optional")}</span> : null}
    </label>
  );
}

function Hint({ field, hint }: { field: FieldState; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <div id={field.descriptionId} className="field-hint">
      {hint}
    </div>
  );
}

type TextType = "text" | "password" | "email" | "date" | "tel" | "number" | "search";

export interface FieldProps {
  field: FieldState;
  label: ReactNode;
  type?: TextType;
  autoComplete?: string;
  hint?: ReactNode;
  /** R-VAL-06: optional fields are labelled "(optional)". */
  optional?: boolean;
  /** Rendered as the autofocus attribute, so a link can focus a field without JavaScript. */
  autoFocus?: boolean;
}

export function Field({ field, label, type = "text", autoComplete, hint, optional, autoFocus }: FieldProps) {
  const { constraint } = field;
  return (
    <div className="field">
      <Label field={field} label={label} optional={optional} />
      <Hint field={field} hint={hint} />
      <input
        key={type === "password" ? `${field.name}-${field.resetKey}` : field.name}
        id={field.id}
        name={field.name}
        type={type}
        defaultValue={type === "password" ? undefined : field.defaultValue}
        autoComplete={autoComplete}
        autoFocus={autoFocus ?? field.firstInvalid}
        required={constraint.required}
        minLength={constraint.minLength}
        maxLength={constraint.maxLength}
        {...aria(field, Boolean(hint))}
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextareaField({ field, label, hint, optional, autoFocus }: Omit<FieldProps, "type" | "autoComplete">) {
  return (
    <div className="field">
      <Label field={field} label={label} optional={optional} />
      <Hint field={field} hint={hint} />
      <textarea
        id={field.id}
        name={field.name}
        rows={5}
        defaultValue={field.defaultValue}
        autoFocus={autoFocus ?? field.firstInvalid}
        required={field.constraint.required}
        maxLength={field.constraint.maxLength}
        {...aria(field, Boolean(hint))}
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
  placeholder,
  optional,
  autoFocus,
}: Omit<FieldProps, "type" | "autoComplete" | "hint"> & { options: { value: string; label: string }[]; placeholder: string }) {
  return (
    <div className="field">
      <Label field={field} label={label} optional={optional} />
      <select
        id={field.id}
        name={field.name}
        defaultValue={field.defaultValue ?? ""}
        autoFocus={autoFocus ?? field.firstInvalid}
        required={field.constraint.required}
        {...aria(field, false)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CheckboxField({ field, label, value = "on" }: { field: FieldState; label: ReactNode; value?: string }) {
  return (
    <div className="field field-checkbox">
      <input
        id={field.id}
        name={field.name}
        type="checkbox"
        value={value}
        defaultChecked={field.defaultValue === value}
        autoFocus={field.firstInvalid}
        required={field.constraint.required}
        {...aria(field, false)}
      />
      <label htmlFor={field.id}>{label}</label>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function RadioGroupField({
  field,
  legend,
  options,
  optional,
  autoFocus,
}: {
  field: FieldState;
  legend: ReactNode;
  options: { value: string; label: string }[];
  optional?: boolean;
  /** Focuses the chosen option, else the first. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("validation");
  return (
    <fieldset className="field field-radio-group" {...aria(field, false)}>
      <legend>
        {legend}
        {optional ? <span className="field-optional"> {t("optional")}</span> : null}
      </legend>
      {options.map((option, index) => {
        const id = `${field.id}-${option.value}`;
        const chosen = options.some((candidate) => candidate.value === field.defaultValue);
        const focused = (autoFocus ?? field.firstInvalid) && (chosen ? field.defaultValue === option.value : index === 0);
        return (
          <div className="radio-option" key={option.value}>
            <input
              type="radio"
              id={id}
              name={field.name}
              value={option.value}
              defaultChecked={field.defaultValue === option.value}
              autoFocus={focused || undefined}
              required={field.constraint.required}
            />
            <label htmlFor={id}>{option.label}</label>
          </div>
        );
      })}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
