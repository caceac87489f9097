import { UpstreamError } from "~/upstream/failures.server";

/**
 * The upstream answers a form shows next to its fields instead of on an error page (spec §8: 400 on
 * register is the form's; the 403/409 answers of registration and password calls are shown in the
 * form too, so the applicant keeps what they typed). Returns conform reply options, or null when the
 * error belongs to the error view.
 */
type ReplyErrors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

const FIELD_CODES: Record<string, string> = {
  required: "validation:required",
  too_long: "validation:tooLong",
  invalid_email: "validation:email",
  invalid_format: "validation:invalid",
  invalid_type: "validation:invalid",
};

/** 400 invalid_body names fields with one code each (docs/api.md "Failures"). */
function fieldErrorsFromData(data: unknown, rename: Record<string, string> = {}): Record<string, string[]> | null {
  if (!data || typeof data !== "object") return null;
  const errors: Record<string, string[]> = {};
  for (const [field, code] of Object.entries(data as Record<string, unknown>)) {
    const name = rename[field] ?? field;
    errors[name] = [FIELD_CODES[String(code)] ?? "validation:invalid"];
  }
  return Object.keys(errors).length ? errors : null;
}

function bodyOf(error: UpstreamError): { error?: unknown; data?: unknown } {
  const body = error.body;
  return body && typeof body === "object" ? body : {};
}

/**
 * The upstream refused the call as one too many (429, e.g. the embedded API's limits per client and
 * per e-mail address, decision 103): the form says so, like the app's own limit, and keeps the input.
 */
export function isRateLimited(error: unknown): boolean {
  return error instanceof UpstreamError && error.status === 429;
}

export function registrationFieldErrors(error: UpstreamError): ReplyErrors | null {
  if (isRateLimited(error)) return { formErrors: ["auth:tooManyAttempts"] };
  const { data } = bodyOf(error);
  switch (error.code) {
    case "C10":
      return { fieldErrors: { password: ["errors:C10.message"] } };
    case "C12":
      return { fieldErrors: { email: ["errors:C12.message"] } };
    case "C11":
      return { formErrors: ["errors:C11.title"] };
  }
  if (error.status === 400) {
    const fieldErrors = fieldErrorsFromData(data);
    return fieldErrors ? { fieldErrors } : { formErrors: ["validation:invalid"] };
  }
  if (error.status === 409) return { formErrors: ["auth:registration.statementChanged"] };
  return null;
}

/** saveNewPassword / changeUserPassword: C04 (used before), C10 (rules), C13 (old password wrong). */
export function passwordFieldErrors(error: UpstreamError, fields: { password: string; oldPassword?: string }): ReplyErrors | null {
  switch (error.code) {
    case "C04":
      return { formErrors: ["errors:C04.message"] };
    case "C10":
      return { fieldErrors: { [fields.password]: ["errors:C10.message"] } };
    case "C13":
      return fields.oldPassword
        ? { fieldErrors: { [fields.oldPassword]: ["errors:C13.message"] } }
        : { formErrors: ["errors:C13.message"] };
  }
  if (error.status === 400) return { formErrors: ["validation:invalid"] };
  return null;
}
