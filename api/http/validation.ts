import type { Request } from "express";
import type { ZodIssue, ZodType, ZodTypeDef } from "zod";
import { z } from "zod";
import { badRequest } from "./errors";

/**
 * zod validation of every body, query and path parameter. A failure is a 400 naming each bad field
 * with one code (docs/api.md, Failures); the values themselves are never echoed.
 */
function issueCode(issue: ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.received === "undefined" ? "required" : "invalid_type";
    case "too_small":
      return issue.type === "string" || issue.type === "array" ? "too_short" : "too_small";
    case "too_big":
      return issue.type === "string" || issue.type === "array" ? "too_long" : "too_large";
    case "invalid_string":
      return "invalid_format";
    case "invalid_enum_value":
    case "invalid_literal":
      return "invalid_option";
    case "unrecognized_keys":
      return "unknown_field";
    default:
      return "invalid";
  }
}

export function describeIssues(issues: ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues.slice(0, 20)) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    fields[key] ??= issueCode(issue);
  }
  return fields;
}

function parse<T>(schema: ZodType<T, ZodTypeDef, unknown>, value: unknown, code: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(code, describeIssues(result.error.issues));
  return result.data;
}

export const parseBody = <T>(req: Request, schema: ZodType<T, ZodTypeDef, unknown>): T => parse(schema, req.body ?? {}, "invalid_body");
export const parseQuery = <T>(req: Request, schema: ZodType<T, ZodTypeDef, unknown>): T => parse(schema, req.query, "invalid_query");
export const parseParams = <T>(req: Request, schema: ZodType<T, ZodTypeDef, unknown>): T => parse(schema, req.params, "invalid_path");

/**
 * Shared field schemas. DESIGN §8: no pattern runs on unbounded input. zod runs every check of a
 * string even after .max() failed, so a pattern goes behind .pipe(): it only ever sees a string
 * that passed the length check. The patterns themselves have no nested ambiguity either.
 */
export const cstmSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const profileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const componentIdSchema = z.number().int().positive().max(2_147_483_647);
export const userNameSchema = z.string().trim().min(1).max(254);
/** Passwords are checked against the rules separately (403 C10); here only their shape. */
export const passwordSchema = z.string().min(1).max(200);
export const hashSchema = z.string().min(1).max(200);
/**
 * local@label.label…tld: the local part has no @, and a domain label has no dot, so there is exactly
 * one way to split any input (the former `[^…]+\.[^…]{2,}` let "a.a.a.…" split in n ways: quadratic).
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@(?:[^\s@<>()[\]\\,;:".]+\.)+[^\s@<>()[\]\\,;:".]{2,}$/;
export const emailSchema = z.string().trim().max(254).pipe(z.string().regex(EMAIL_PATTERN));
/** A single-line human name. */
export const nameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .pipe(z.string().regex(/^[^\r\n\u2028\u2029\p{Cc}]*$/u));
export const emptyBodySchema = z.object({}).strict();

/** A calendar date as YYYY-MM-DD that exists (no 2027-02-30); the length is checked before the pattern. */
export const dateSchema = z
  .string()
  .max(10)
  .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/))
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "invalid date");
