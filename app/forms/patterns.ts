/**
 * DESIGN §8: no pattern runs on unbounded input. zod runs every check of a string even after .max()
 * failed, so a pattern check is either behind .pipe() (the piped schema only sees strings that passed
 * the length check) or wrapped in `withinLength`. The patterns have no nested ambiguity either.
 */

export const EMAIL_MAX_LENGTH = 254;

/**
 * The upstream's shape of an e-mail address (api/http/validation.ts EMAIL_PATTERN), so both sides
 * agree: local@label.label…tld, where the local part has no @ and a label no dot (one way to split).
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@(?:[^\s@<>()[\]\\,;:".]+\.)+[^\s@<>()[\]\\,;:".]{2,}$/;

/** `test` for a value within `max` characters; a longer one passes here (its "too long" issue is the one to show). */
export function withinLength(max: number, test: (value: string) => boolean): (value: string) => boolean {
  return (value) => value.length > max || test(value);
}

/** An e-mail address of at most 254 characters in the upstream's shape. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
