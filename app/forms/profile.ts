import { z } from "zod";

/**
 * The personal-data form of the profile page (docs/api.md POST /profile): names 1–100 characters on
 * one line, a valid e-mail address of at most 254 characters, one of the customer's languages.
 * Anonymous applicants only choose their language (docs/decisions/081). Messages are i18n keys.
 */
// Line breaks and other control characters: the upstream refuses them in names.
const SINGLE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

const name = z
  .string({ required_error: "validation:required" })
  .trim()
  .min(1, "validation:required")
  .max(100, "validation:tooLong")
  .regex(SINGLE_LINE, "pages:profile.errors.singleLine");

const email = z
  .string({ required_error: "validation:required" })
  .trim()
  .min(1, "validation:required")
  .max(254, "validation:tooLong")
  .email("validation:email");

export function profileSchema(languages: readonly string[], anonymous: boolean) {
  const language = z
    .string({ required_error: "validation:required" })
    .refine((value) => languages.includes(value), "pages:profile.errors.language");
  if (anonymous) return z.object({ language });
  return z.object({ firstName: name, lastName: name, email, language });
}
