import { z } from "zod";
import { EMAIL_MAX_LENGTH, isEmailAddress, withinLength } from "./patterns";
import { SINGLE_LINE_TYPES, type FormDefinition, type FormField } from "~/domain/form-definition";

/**
 * The zod schema of a Form module, built on the server from the server's own copy of the definition
 * (STYLE: never from what the browser posted). Its rules are the upstream's (docs/api.md POST
 * /formData): values are trimmed and blank counts as not given; text-like fields have a maximum length;
 * single-line fields take no line break; an e-mail has the upstream's shape; a date is a real day
 * between 1900-01-01 and today; select and radio take one of their options. Messages are i18n keys:
 * R-VAL-06 "Invalid input" for anything malformed, plus "required" and "too long" (docs/decisions/042).
 */
export const MESSAGES = {
  required: "validation:required",
  invalid: "validation:invalid",
  tooLong: "validation:tooLong",
} as const;

const LINE_BREAK = /[\r\n\u2028\u2029]/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const EARLIEST_DATE = "1900-01-01";

/** A real calendar day (no 2027-02-30) in the allowed range; `today` is YYYY-MM-DD (UTC, as upstream). */
export function isAllowedDate(value: string, today: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= EARLIEST_DATE && value <= today;
}

function valueSchema(field: FormField, today: string): z.ZodTypeAny {
  let value = z.string({ required_error: MESSAGES.required, invalid_type_error: MESSAGES.invalid });
  // An e-mail address has at most 254 characters (as upstream), whatever the definition allows.
  const maxLength = field.type === "email" ? Math.min(field.maxLength ?? EMAIL_MAX_LENGTH, EMAIL_MAX_LENGTH) : field.maxLength;
  if (maxLength !== null && field.type !== "select" && field.type !== "radio" && field.type !== "date") {
    value = value.max(maxLength, MESSAGES.tooLong);
  }
  // Patterns run only on values within the length (app/forms/patterns.ts).
  const bounded = (test: (text: string) => boolean) => (maxLength === null ? test : withinLength(maxLength, test));
  let checked: z.ZodTypeAny = value;
  if (SINGLE_LINE_TYPES.has(field.type))
    checked = value.refine(
      bounded((text) => !LINE_BREAK.test(text)),
      MESSAGES.invalid,
    );
  if (field.type === "email") checked = checked.refine(bounded(isEmailAddress), MESSAGES.invalid);
  if (field.type === "date") checked = value.refine((text) => isAllowedDate(text, today), MESSAGES.invalid);
  if (field.type === "select" || field.type === "radio") {
    const allowed = new Set(field.options.map((option) => option.value));
    checked = value.refine((text) => allowed.has(text), MESSAGES.invalid);
  }
  // Blank is "not given" (the upstream trims too); conform already turns "" into undefined.
  const blankIsAbsent = (input: unknown) => {
    if (typeof input !== "string") return input;
    const trimmed = input.trim();
    return trimmed === "" ? undefined : trimmed;
  };
  return z.preprocess(blankIsAbsent, field.required ? checked : checked.optional());
}

export type FormModuleValues = Record<string, string | undefined>;

/** The schema for `definition`; `today` (YYYY-MM-DD) bounds the dates. Unknown posted fields are dropped. */
export function formModuleSchema(definition: FormDefinition, today = new Date().toISOString().slice(0, 10)) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const field of definition.fields) shape[field.name] = valueSchema(field, today);
  return z.object(shape) as z.ZodType<FormModuleValues>;
}

/** The values as the upstream save takes them: every field of the definition, "" for not given. */
export function upstreamFormValues(definition: FormDefinition, values: FormModuleValues): Record<string, string> {
  return Object.fromEntries(definition.fields.map((field) => [field.name, values[field.name] ?? ""]));
}

/** Only the answers that were given, for the draft and the summary. */
export function givenValues(values: FormModuleValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
