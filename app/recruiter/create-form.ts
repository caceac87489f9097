import { z } from "zod";
import type { PasswordRequirements } from "~/domain/customer";
import { PROFILE_ID_PATTERN } from "~/domain/profile";
import { newPasswordField } from "~/forms/password";
import { EMAIL_MAX_LENGTH, isEmailAddress, withinLength } from "~/forms/patterns";
import { recruiterDateSchema } from "./date-field";

/**
 * The "create applicant" form (docs/decisions/151): conform parses it with this schema on
 * the server; the upstream's refusals (a taken user name or address, an unknown profile or owner, a
 * password against the rules) come back as messages on their fields. Empty optional fields are
 * absent (conform turns "" into undefined).
 */
export const CREATE_FIELDS = [
  "userName",
  "email",
  "firstName",
  "lastName",
  "language",
  "password",
  "profileId",
  "owner",
  "openUntil",
  "onSite",
] as const;
export type CreateField = (typeof CREATE_FIELDS)[number];

const requiredText = (max: number) =>
  z
    .string({ required_error: "validation:required" })
    .trim()
    .min(1, "validation:required")
    .max(max, "validation:tooLong")
    .refine(
      withinLength(max, (value) => !/[\r\n\u2028\u2029\p{Cc}]/u.test(value)),
      "validation:invalid",
    );

const date = recruiterDateSchema;

export function createApplicantSchema(requirements?: PasswordRequirements) {
  return z
    .object({
      userName: z
        .string()
        .trim()
        .max(254, "validation:tooLong")
        .refine(
          withinLength(254, (value) => !/[\r\n\u2028\u2029\p{Cc}]/u.test(value)),
          "validation:invalid",
        )
        .optional(),
      email: z
        .string({ required_error: "validation:required" })
        .trim()
        .max(EMAIL_MAX_LENGTH, "validation:tooLong")
        .refine(withinLength(EMAIL_MAX_LENGTH, isEmailAddress), "validation:email"),
      firstName: requiredText(100),
      lastName: requiredText(100),
      language: z.string().max(10, "recruiter:list.errors.choice").optional(),
      password: newPasswordField(requirements).optional(),
      profileId: z.string().max(64, "recruiter:list.errors.choice").regex(PROFILE_ID_PATTERN, "recruiter:list.errors.choice").optional(),
      owner: z.string().max(254, "recruiter:list.errors.choice").optional(),
      openUntil: date.optional(),
      onSite: z.literal("on", { errorMap: () => ({ message: "recruiter:list.errors.choice" }) }).optional(),
    })
    .superRefine((value, context) => {
      if (value.openUntil && !value.profileId) {
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["openUntil"], message: "recruiter:create.errors.profileRequired" });
      }
    });
}

/** Upstream field codes as messages on the create form. */
const FIELD_CODES: Record<string, string> = {
  user_name_taken: "recruiter:create.errors.userNameTaken",
  email_taken: "recruiter:create.errors.emailTaken",
  unknown_profile: "recruiter:applicant.errors.unknownProfile",
  unknown_owner: "recruiter:applicant.errors.unknownOwner",
  profile_required: "recruiter:create.errors.profileRequired",
  required: "validation:required",
  too_long: "validation:tooLong",
  invalid_format: "validation:invalid",
  invalid_option: "recruiter:list.errors.choice",
};

/**
 * An upstream refusal as field errors: 409 and 400 name their fields in `data`; 404 names the
 * profile or owner; 403 C10 is the password. A taken user name that was not typed (it defaults to
 * the address) is the address's problem.
 */
export function upstreamFieldErrors(
  status: number,
  body: { error?: string; data?: unknown },
  typedUserName: boolean,
): { fieldErrors: Record<string, string[]>; formErrors: string[] } | null {
  const fieldErrors: Record<string, string[]> = {};
  const add = (field: string, code: string) => {
    const target = field === "userName" && !typedUserName ? "email" : field;
    const message =
      code === "user_name_taken" && target === "email" ? "recruiter:create.errors.emailTaken" : (FIELD_CODES[code] ?? "validation:invalid");
    fieldErrors[target] = [...new Set([...(fieldErrors[target] ?? []), message])];
  };
  if ((status === 409 || status === 400) && body.data && typeof body.data === "object") {
    for (const [field, code] of Object.entries(body.data as Record<string, unknown>)) add(field, String(code));
    return { fieldErrors, formErrors: [] };
  }
  if (status === 404 && body.error === "unknown_profile")
    return { fieldErrors: { profileId: [FIELD_CODES.unknown_profile] }, formErrors: [] };
  if (status === 404 && body.error === "unknown_owner") return { fieldErrors: { owner: [FIELD_CODES.unknown_owner] }, formErrors: [] };
  if (status === 403 && body.error === "password_requirements")
    return { fieldErrors: { password: ["recruiter:create.errors.passwordRules"] }, formErrors: [] };
  if (status === 409 || status === 400) return { fieldErrors, formErrors: ["recruiter:applicant.errors.invalid"] };
  // The upstream's limit of creations per recruiter and customer (docs/decisions/171).
  if (status === 429) return { fieldErrors, formErrors: ["recruiter:tooManyAttempts"] };
  return null;
}
