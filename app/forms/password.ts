import { z } from "zod";
import type { PasswordRequirements } from "~/domain/customer";
import { violatedRules } from "~/domain/password-policy";
import { messageKey } from "./messages";

/**
 * The password fields of registration, reset and change. Rules are checked on the server against
 * the product minimum and the server-supplied requirements; each violated rule is one message key.
 */
export function newPasswordField(requirements?: PasswordRequirements) {
  return z
    .string({ required_error: "validation:password.required" })
    .max(500, "validation:tooLong")
    .superRefine((password, context) => {
      // The rules count characters with patterns: never on a value that is already too long.
      if (password.length > 500) return;
      for (const rule of violatedRules(password, requirements)) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: messageKey(
            rule.rule === "minLength" ? "validation:password.tooShort" : `validation:password.rule.${rule.rule}`,
            rule.count === undefined ? undefined : { count: rule.count },
          ),
        });
      }
    });
}

/** Adds the "repeat must match" rule to a schema with `password` and `passwordRepeat`. */
export function requireMatchingRepeat<T extends { password?: string; passwordRepeat?: string }>(
  message: string,
): (value: T, context: z.RefinementCtx) => void {
  return (value, context) => {
    if (value.password !== undefined && value.passwordRepeat !== undefined && value.password !== value.passwordRepeat) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["passwordRepeat"], message });
    }
  };
}
