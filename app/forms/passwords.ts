import { z } from "zod";
import type { PasswordRequirements } from "~/domain/customer";
import { newPasswordField, requireMatchingRepeat } from "./password";

const username = z
  .string({ required_error: "validation:login.usernameRequired" })
  .trim()
  .min(1, "validation:login.usernameRequired")
  .max(254, "validation:tooLong");

/** R-VAL-02: forgot password needs the username. */
export const forgotPasswordSchema = z.object({ username });

/** R-VAL-03: username, password ≥ 8 (and the server's rules), repeat must match, privacy checkbox. */
export function resetPasswordSchema(requirements?: PasswordRequirements) {
  return z
    .object({
      username,
      password: newPasswordField(requirements),
      passwordRepeat: z.string({ required_error: "validation:password.repeatRequired" }),
      privacy: z.literal("on", { errorMap: () => ({ message: "validation:privacyRequired" }) }),
    })
    .superRefine(requireMatchingRepeat("validation:password.mismatch"));
}

/** Setting the first password after activation (no username: the link identifies the account). */
export function firstPasswordSchema(requirements?: PasswordRequirements) {
  return z
    .object({
      password: newPasswordField(requirements),
      passwordRepeat: z.string({ required_error: "validation:password.repeatRequired" }),
    })
    .superRefine(requireMatchingRepeat("validation:password.mismatch"));
}

/**
 * R-VAL-04: password change: ≥ 8 characters, no whitespace (and the server's rules); the fields
 * must match ("Password fields don't match"); required fields not empty.
 */
export function changePasswordSchema(requirements?: PasswordRequirements) {
  const required = z.string({ required_error: "validation:fieldRequired" }).min(1, "validation:fieldRequired");
  return z
    .object({
      oldPassword: required.max(500, "validation:tooLong"),
      password: z.string({ required_error: "validation:fieldRequired" }).pipe(newPasswordField(requirements)),
      passwordRepeat: required,
    })
    .superRefine(requireMatchingRepeat("validation:password.changeMismatch"));
}
