/**
 * The definition of a Form module (spec §3 formIdentifier, docs/api.md GET /formData?raw=true): the
 * fields the applicant fills in, with texts in every language. Pure data; app/upstream builds it from
 * the upstream's record, app/forms builds the zod schema from it on the server.
 */
export const FORM_FIELD_TYPES = ["text", "email", "date", "select", "radio", "textarea"] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** A text per language code ("de-DU", "en_GB", …). */
export type LocalizedText = Readonly<Record<string, string>>;

export interface FormFieldOption {
  value: string;
  label: LocalizedText;
}

export interface FormField {
  name: string;
  type: FormFieldType;
  required: boolean;
  /** Characters, for the text-like types. */
  maxLength: number | null;
  label: LocalizedText;
  /** Only select and radio have options. */
  options: readonly FormFieldOption[];
}

export interface FormDefinition {
  identifier: string;
  componentId: number | null;
  title: LocalizedText;
  fields: readonly FormField[];
}

/** Types whose value is one line: a line break in them is invalid input (as the upstream rules say). */
export const SINGLE_LINE_TYPES: ReadonlySet<FormFieldType> = new Set(["text", "email"]);

/**
 * The text in the language, else in the first of the fallbacks that has one, else any text (a label in
 * another language is better than none).
 */
export function localized(text: LocalizedText, language: string, fallbacks: readonly string[] = []): string {
  for (const candidate of [language, ...fallbacks]) {
    const value = text[candidate];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return Object.values(text).find((value) => typeof value === "string" && value.trim() !== "") ?? "";
}

/** The label of the option with this value, or the value itself when the definition has no such option. */
export function optionLabel(field: FormField, value: string, language: string, fallbacks: readonly string[] = []): string {
  const option = field.options.find((candidate) => candidate.value === value);
  return option ? localized(option.label, language, fallbacks) : value;
}
