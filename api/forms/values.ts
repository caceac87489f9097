import type { FormDefinition, FormField } from "../demo/catalogue";
import { emailSchema } from "../http/validation";

/**
 * Server-side validation of posted form values against the server's own definition (STYLE: never the
 * definition the client sent). Returns the cleaned values or one error code per bad field.
 */
export type FieldError =
  "required" | "too_long" | "invalid_type" | "invalid_email" | "invalid_date" | "invalid_option" | "line_break" | "unknown_field";

export type ValuesResult = { ok: true; values: Record<string, string> } | { ok: false; errors: Record<string, FieldError> };

const LINE_BREAK = /[\r\n\u2028\u2029]/;

function isRealDate(value: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= "1900-01-01" && value <= today;
}

function fieldError(field: FormField, value: string, today: string): FieldError | null {
  // Code points, not UTF-16 units, count; the cheap length bounds them from above before any spread.
  if (field.maxLength !== undefined && value.length > field.maxLength && [...value].length > field.maxLength) return "too_long";
  switch (field.type) {
    case "text":
      return LINE_BREAK.test(value) ? "line_break" : null;
    case "email":
      if (LINE_BREAK.test(value)) return "line_break";
      return emailSchema.safeParse(value).success ? null : "invalid_email";
    case "date":
      return isRealDate(value, today) ? null : "invalid_date";
    case "select":
    case "radio":
      return field.options?.some((option) => option.value === value) ? null : "invalid_option";
    case "textarea":
      return null;
  }
}

export function validateFormValues(definition: FormDefinition, posted: Record<string, unknown>, today: string): ValuesResult {
  const errors: Record<string, FieldError> = {};
  const values: Record<string, string> = {};
  const known = new Set(definition.fields.map((field) => field.name));
  for (const name of Object.keys(posted).slice(0, 50)) {
    if (!known.has(name)) errors[name.slice(0, 100)] = "unknown_field";
  }
  for (const field of definition.fields) {
    const raw = posted[field.name];
    if (raw !== undefined && raw !== null && typeof raw !== "string") {
      errors[field.name] = "invalid_type";
      continue;
    }
    const value = (raw ?? "").trim();
    if (value === "") {
      if (field.required) errors[field.name] = "required";
      continue;
    }
    const error = fieldError(field, value, today);
    if (error) errors[field.name] = error;
    else values[field.name] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}
