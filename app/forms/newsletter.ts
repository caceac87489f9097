import { z } from "zod";
import { EMAIL_MAX_LENGTH, isEmailAddress, withinLength } from "./patterns";

/** The newsletter sign-up: a valid e-mail address and the consent (messages are i18n keys). */
export const newsletterSchema = z.object({
  email: z
    .string({ required_error: "common:newsletter.errors.emailRequired" })
    .trim()
    .min(1, "common:newsletter.errors.emailRequired")
    .max(EMAIL_MAX_LENGTH, "validation:tooLong")
    .refine(withinLength(EMAIL_MAX_LENGTH, isEmailAddress), "common:newsletter.errors.emailInvalid"),
  consent: z.literal("on", {
    errorMap: () => ({ message: "common:newsletter.errors.consentRequired" }),
  }),
});
