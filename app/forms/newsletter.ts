import { z } from "zod";

/** The newsletter sign-up: a valid e-mail address and the consent (messages are i18n keys). */
export const newsletterSchema = z.object({
  email: z
    .string({ required_error: "common:newsletter.errors.emailRequired" })
    .trim()
    .min(1, "common:newsletter.errors.emailRequired")
    .max(254, "validation:tooLong")
    .email("common:newsletter.errors.emailInvalid"),
  consent: z.literal("on", {
    errorMap: () => ({ message: "common:newsletter.errors.consentRequired" }),
  }),
  /** Honeypot (DESIGN §8): people leave it empty; a filled one is a bot. */
  website: z.string().max(500).optional(),
});
