import { z } from "zod";
import type { PasswordRequirements } from "~/domain/customer";
import { newPasswordField, requireMatchingRepeat } from "./password";
import { EMAIL_MAX_LENGTH, isEmailAddress, withinLength } from "./patterns";

const requiredText = (max: number) =>
  z
    .string({ required_error: "validation:required" })
    .trim()
    .min(1, "validation:required")
    .max(max, "validation:tooLong")
    .refine(
      withinLength(max, (value) => !/[\r\n]/.test(value)),
      "validation:invalid",
    );

/** Regular self-registration (R-ENT-08, R-VAL-05): personal data, password with the server's rules. */
export function registrationSchema(requirements?: PasswordRequirements) {
  return z
    .object({
      firstName: requiredText(100),
      lastName: requiredText(100),
      email: z
        .string({ required_error: "validation:required" })
        .trim()
        .max(EMAIL_MAX_LENGTH, "validation:tooLong")
        .refine(withinLength(EMAIL_MAX_LENGTH, isEmailAddress), "validation:email"),
      password: newPasswordField(requirements),
      passwordRepeat: z.string({ required_error: "validation:password.repeatRequired" }),
      privacy: z.literal("on", { errorMap: () => ({ message: "validation:privacyRequired" }) }),
      contacting: z.literal("on").optional(),
    })
    .superRefine(requireMatchingRepeat("validation:password.mismatch"));
}

/** Anonymous registration: only the data-protection statement has to be accepted. */
export const anonymousRegistrationSchema = z.object({
  privacy: z.literal("on", { errorMap: () => ({ message: "validation:privacyRequired" }) }),
});
