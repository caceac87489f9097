import type { PasswordRequirements } from "./customer";

/**
 * Password rules: the product's own minimum (8 characters, no whitespace; spec §9) combined with
 * the rules the server supplies (R-VAL-05: minimum length, upper/lower case and number counts, no
 * spaces, no line breaks).
 */
export const PRODUCT_MIN_LENGTH = 8;

export type PasswordRuleName = "minLength" | "minUppercase" | "minLowercase" | "minNumbers" | "noSpaces" | "noLineBreaks";

export interface PasswordRule {
  rule: PasswordRuleName;
  /** For the counting rules; the wording is singular for 1 (R-VAL-05). */
  count?: number;
}

/** The rules to show, in a stable order: only those that demand something. */
export function passwordRules(requirements?: PasswordRequirements): PasswordRule[] {
  const minLength = Math.max(PRODUCT_MIN_LENGTH, requirements?.minLength ?? 0);
  const rules: PasswordRule[] = [{ rule: "minLength", count: minLength }];
  if (requirements?.minUppercase) rules.push({ rule: "minUppercase", count: requirements.minUppercase });
  if (requirements?.minLowercase) rules.push({ rule: "minLowercase", count: requirements.minLowercase });
  if (requirements?.minNumbers) rules.push({ rule: "minNumbers", count: requirements.minNumbers });
  // No whitespace is the product's own rule (spec §9), whatever the server says.
  rules.push({ rule: "noSpaces" });
  rules.push({ rule: "noLineBreaks" });
  return rules;
}

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

export function isRuleMet(password: string, rule: PasswordRule): boolean {
  switch (rule.rule) {
    case "minLength":
      return [...password].length >= (rule.count ?? PRODUCT_MIN_LENGTH);
    case "minUppercase":
      return count(password, /\p{Lu}/gu) >= (rule.count ?? 0);
    case "minLowercase":
      return count(password, /\p{Ll}/gu) >= (rule.count ?? 0);
    case "minNumbers":
      return count(password, /\p{Nd}/gu) >= (rule.count ?? 0);
    case "noSpaces":
      return !/[^\S\r\n]/u.test(password);
    case "noLineBreaks":
      return !/[\r\n\u2028\u2029]/u.test(password);
  }
}

export function violatedRules(password: string, requirements?: PasswordRequirements): PasswordRule[] {
  return passwordRules(requirements).filter((rule) => !isRuleMet(password, rule));
}
