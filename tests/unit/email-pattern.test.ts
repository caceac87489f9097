import { describe, expect, it } from "vitest";
import { emailSchema } from "../../api/http/validation";
import { isEmailAddress } from "../../app/forms/patterns";

/** docs/decisions/091: one e-mail shape on both sides, length before pattern. */
const VALID = [
  "anna@example.com",
  "first.last+tag@sub.example.co.uk",
  "x_y-z@a-b.de",
  "ümlaut@exämple.de",
  `${"a".repeat(64)}@example.com`,
];
const INVALID = [
  "",
  "anna",
  "anna@",
  "@example.com",
  "a@b",
  "a@b.c",
  "a@b..de",
  "a@b.de.",
  "a@.de",
  "a b@c.de",
  "a@b@c.de",
  "a<b>@c.de",
  "a@c,d.de",
  "a@b.de\nx",
];

describe("decision 091: the e-mail pattern of app and API", () => {
  it("app and API accept the same addresses", () => {
    for (const address of VALID) {
      expect(isEmailAddress(address), address).toBe(true);
      expect(emailSchema.safeParse(address).success, address).toBe(true);
    }
    for (const address of INVALID) {
      expect(isEmailAddress(address), JSON.stringify(address)).toBe(false);
      expect(emailSchema.safeParse(address).success, JSON.stringify(address)).toBe(false);
    }
  });

  it("a value over 254 characters is only too long: the pattern is not asked", () => {
    const long = `a@${"a.".repeat(200)}de`;
    const result = emailSchema.safeParse(long);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.code)).toEqual(["too_big"]);
    expect(isEmailAddress(long)).toBe(false);
  });
});
