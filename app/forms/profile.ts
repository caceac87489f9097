import { z } from "zod";
import { EMAIL_MAX_LENGTH, isEmailAddress, withinLength } from "./patterns";

/**
 * The personal-data form of the profile page (docs/api.md POST /profile): names 1–100 characters on
 * one line, a valid e-mail address of at most 254 characters, one of the customer's languages.
 * Anonymous applicants only choose their language (docs/decisions/081). Messages are i18n keys.
 */
// Line breaks and other control characters: the upstream refuses them in names.
const SINGLE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

// The pattern sits behind .pipe(): it runs only on names within the length (app/forms/patterns.ts);
// the piped schema repeats the lengths for the form's HTML constraint.
const name = z
  .string({ required_error: "validation:required" })
  .trim()
  .max(100, "validation:tooLong")
  .pipe(z.string().min(1, "validation:required").max(100, "validation:tooLong").regex(SINGLE_LINE, "pages:profile.errors.singleLine"));

const email = z
  .string({ required_error: "validation:required" })
  .trim()
  .min(1, "validation:required")
  .max(EMAIL_MAX_LENGTH, "validation:tooLong")
  .refine(withinLength(EMAIL_MAX_LENGTH, isEmailAddress), "validation:email");

export function profileSchema(languages: readonly string[], anonymous: boolean) {
  const language = z
    .string({ required_error: "validation:required" })
    .refine((value) => languages.includes(value), "pages:profile.errors.language");
  if (anonymous) return z.object({ language });
  return z.object({ firstName: name, lastName: name, email, language });
}
