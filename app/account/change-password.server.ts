import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { customerPath } from "~/domain/customer-path";
import { passwordRules, type PasswordRule } from "~/domain/password-policy";
import { changePasswordSchema } from "~/forms/passwords";
import { passwordFieldErrors } from "~/forms/upstream-errors.server";
import { changeUserPassword, passwordRequirementsByUserId } from "~/upstream/auth.server";
import { UpstreamError } from "~/upstream/failures.server";
import { rotateAfterPasswordChange } from "~/session/request.server";
import { tooManyAttempts } from "./rate-limit.server";
import { requireApplicant, safeCustomerRedirect } from "./session.server";
import { readFormData } from "~/forms/form-data.server";

/**
 * Changing the password of the signed-in applicant (R-VAL-04, rules by user id per R-VAL-05,
 * 409 → C04). Used by the change-password dialog and the trainee area's passwort-aendern page.
 * R-VAL-09: refused when the customer has registration disabled.
 */
export interface ChangePasswordData {
  available: boolean;
  rules: PasswordRule[] | null;
  constraint: ReturnType<typeof getZodConstraint> | null;
}

export async function changePasswordData(args: LoaderFunctionArgs): Promise<ChangePasswordData> {
  const { config, session } = await requireApplicant(args);
  if (!config.passwordSelfService) return { available: false, rules: null, constraint: null };
  const { requirements } = await passwordRequirementsByUserId(args.context, session);
  return { available: true, rules: passwordRules(requirements), constraint: getZodConstraint(changePasswordSchema(requirements)) };
}

export type ChangePasswordResult = { result: SubmissionResult<string[]> };

/** Returns the form's reply on failure; on success redirects to `returnTo` with the saved notice. */
export async function changePasswordAction(args: ActionFunctionArgs, fallbackReturn: string) {
  const { request, context } = args;
  const { cstm, config, session, applicant } = await requireApplicant(args);
  const formData = await readFormData(request);
  const hidden = { hideFields: ["oldPassword", "password", "passwordRepeat"] };
  if (!config.passwordSelfService) {
    const submission = parseWithZod(formData, { schema: changePasswordSchema() });
    return data<ChangePasswordResult>(
      { result: submission.reply({ ...hidden, formErrors: ["auth:passwordUnavailable"] }) },
      { status: 403 },
    );
  }
  const { requirements } = await passwordRequirementsByUserId(context, session);
  const submission = parseWithZod(formData, { schema: changePasswordSchema(requirements) });
  if (submission.status !== "success") return data<ChangePasswordResult>({ result: submission.reply(hidden) }, { status: 400 });
  if (await tooManyAttempts(context, `password-change:${cstm}`, applicant.userName)) {
    return data<ChangePasswordResult>({ result: submission.reply({ ...hidden, formErrors: ["auth:tooManyAttempts"] }) }, { status: 429 });
  }
  try {
    await changeUserPassword(context, session, { oldPassword: submission.value.oldPassword, newPassword: submission.value.password });
  } catch (error) {
    const shown = error instanceof UpstreamError ? passwordFieldErrors(error, { password: "password", oldPassword: "oldPassword" }) : null;
    if (!shown) throw error;
    return data<ChangePasswordResult>(
      { result: submission.reply({ ...hidden, ...shown }) },
      { status: (error as UpstreamError).status ?? 400 },
    );
  }
  const target = safeCustomerRedirect(cstm, formData.get("returnTo"), fallbackReturn);
  const url = new URL(target, "http://localhost");
  url.searchParams.delete("modal");
  url.searchParams.set("notice", "password-changed");
  // A new session id: a copied cookie of the old one is worthless now (the upstream revoked the other tokens).
  const cookie = await rotateAfterPasswordChange(context, session);
  throw redirect(url.pathname + url.search, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}

export function defaultReturn(cstm: string): string {
  return customerPath(cstm, "/home");
}
