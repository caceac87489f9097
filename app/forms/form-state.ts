import type { SubmissionResult } from "@conform-to/react";
import { useMemo, useRef } from "react";

/**
 * The client half of our forms. The server half is conform (parseWithZod, submission.reply with
 * hideFields, getZodConstraint in the loader); this hook turns its SubmissionResult into field
 * state for the Field components. It replaces conform's useForm in the browser because the JS
 * budget (DESIGN §7, ≤ 90 KiB per page) has no room for it; see docs/decisions/002.
 */
export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  pattern?: string;
  multiple?: boolean;
};

export interface FieldState {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  /** i18n keys of the errors, e.g. "validation:login.usernameRequired". */
  errors?: string[];
  /** What the user entered last time (never passwords: the server hides them). */
  defaultValue?: string;
  defaultValues?: string[];
  constraint: FieldConstraint;
  /** The first field in error: focused when the page loads (the autofocus attribute, without JavaScript). */
  firstInvalid?: boolean;
  /** Changes with every answer of the server: password inputs remount with it and come back empty. */
  resetKey: number;
}

export interface FormState<Name extends string> {
  id: string;
  errorId: string;
  /** Form-level errors (conform's "" key). */
  errors?: string[];
  /** Form-level errors and no invalid field: the error message takes focus (autofocus works without JavaScript). */
  focusErrors?: boolean;
  fields: Record<Name, FieldState>;
}

function asStrings(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" ? [value] : undefined;
}

export function buildFormState<Name extends string>(
  id: string,
  names: readonly Name[],
  options: {
    lastResult?: SubmissionResult<string[]> | null;
    constraint?: Record<string, FieldConstraint>;
    defaultValue?: Record<string, unknown>;
    resetKey?: number;
  } = {},
): FormState<Name> {
  const values = options.lastResult?.initialValue ?? options.defaultValue ?? {};
  const errors = options.lastResult?.error ?? {};
  const fields = {} as Record<Name, FieldState>;
  const firstInvalid = names.find((name) => (errors as Record<string, string[] | null | undefined>)[name]?.length);
  for (const name of names) {
    const value = values[name];
    const list = asStrings(value);
    fields[name] = {
      id: `${id}-${name}`,
      name,
      formId: id,
      errorId: `${id}-${name}-error`,
      descriptionId: `${id}-${name}-description`,
      errors: errors[name] ?? undefined,
      defaultValue: list?.[0],
      defaultValues: list,
      constraint: options.constraint?.[name] ?? {},
      resetKey: options.resetKey ?? 0,
      ...(name === firstInvalid ? { firstInvalid: true } : {}),
    };
  }
  const formErrors = errors[""] ?? undefined;
  return { id, errorId: `${id}-error`, errors: formErrors, ...(formErrors?.length && !firstInvalid ? { focusErrors: true } : {}), fields };
}

/** `const { form, fields } = useFormState("login", ["username", …], { lastResult, constraint })`. */
export function useFormState<Name extends string>(
  id: string,
  names: readonly Name[],
  options: Parameters<typeof buildFormState<Name>>[2] = {},
): { form: Omit<FormState<Name>, "fields">; fields: Record<Name, FieldState> } {
  const { lastResult, constraint, defaultValue } = options;
  const key = names.join("|");
  // With JavaScript the page is not reloaded after a failed submit: count the server's answers so
  // password fields can start empty again, as they do without JavaScript.
  const answers = useRef({ last: lastResult, count: 0 });
  if (answers.current.last !== lastResult) answers.current = { last: lastResult, count: answers.current.count + 1 };
  const resetKey = answers.current.count;
  return useMemo(() => {
    const { fields, ...form } = buildFormState(id, names, { lastResult, constraint, defaultValue, resetKey });
    return { form, fields };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, key, lastResult, constraint, defaultValue, resetKey]);
}
