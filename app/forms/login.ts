import { z } from "zod";

/** R-VAL-01: username and password required, privacy policy accepted. Messages are i18n keys. */
export const loginSchema = z.object({
  username: z
    .string({ required_error: "validation:login.usernameRequired" })
    .trim()
    .min(1, "validation:login.usernameRequired")
    .max(200, "validation:tooLong"),
  password: z
    .string({ required_error: "validation:login.passwordRequired" })
    .min(1, "validation:login.passwordRequired")
    .max(500, "validation:tooLong"),
  privacy: z.literal("on", {
    errorMap: () => ({ message: "validation:privacyRequired" }),
  }),
  redirectTo: z.string().max(500).optional(),
});
