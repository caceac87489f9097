import type { TFunction } from "~/i18n/translator";

/**
 * Validation messages travel as i18n keys, optionally with values: "validation:password.tooShort|count=10".
 * The server builds them (messageKey), the Field components translate them (translateMessage).
 */
export function messageKey(key: string, values?: Record<string, string | number>): string {
  if (!values) return key;
  return `${key}|${new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)])).toString()}`;
}

export function translateMessage(t: TFunction, message: string): string {
  const separator = message.indexOf("|");
  if (separator < 0) return t(message);
  const values: Record<string, string | number> = {};
  for (const [name, value] of new URLSearchParams(message.slice(separator + 1))) {
    values[name] = /^\d+$/.test(value) ? Number(value) : value;
  }
  return t(message.slice(0, separator), values);
}
