import type { Request, Response } from "express";
import { z } from "zod";
import { authOf } from "../auth/require-token";
import type { ApiContext } from "../context";
import { statement, type Db } from "../db/connection";
import { forbidden, notFound } from "../http/errors";
import { cstmSchema, parseParams, userNameSchema } from "../http/validation";
import type { Customer } from "../store/catalogue";
import type { User } from "../store/users";

/**
 * R-ROLE-01: a recruiter token reaches the applicants of the customers its recruiter
 * serves (recruiter_customers), named by the path's first segment (/{cstm}/recruiter/…). Any other
 * customer answers 403 customer_not_served, whichever customer the token signed in with
 * (docs/decisions/141). At a served customer it reaches that customer's applicants only, never the
 * rest of a shared user base (docs/decisions/170).
 */
export interface RecruiterScope {
  recruiter: User;
  customer: Customer;
}

export function servesCustomer(db: Db, recruiterId: number, cstm: string): boolean {
  return statement(db, "SELECT 1 FROM recruiter_customers WHERE user_id = ? AND cstm = ?").get(recruiterId, cstm) !== undefined;
}

const scopeParams = z.object({ cstm: cstmSchema }).passthrough();

export function recruiterScope(ctx: ApiContext, req: Request, res: Response): RecruiterScope {
  const { cstm } = parseParams(req, scopeParams);
  const customer = ctx.catalogue.customers.get(cstm);
  if (!customer) throw notFound("unknown_customer");
  const { user } = authOf(res);
  if (user.role !== "recruiter" || !servesCustomer(ctx.db, user.id, customer.cstm)) throw forbidden("customer_not_served");
  return { recruiter: user, customer };
}

const applicantParams = z.object({ cstm: cstmSchema, userName: userNameSchema }).passthrough();

/**
 * The applicant named in the path, of the path's customer (docs/decisions/170); 404 unknown_user for
 * anyone else, the same answer for an applicant of another customer of the user base as for nobody, so
 * the call tells nothing about who exists there.
 */
export function requirePathApplicant(ctx: ApiContext, req: Request, scope: RecruiterScope): User {
  const { userName } = parseParams(req, applicantParams);
  const user = statement(
    ctx.db,
    "SELECT * FROM users WHERE user_base = ? AND user_name = ? AND cstm = ? AND role = 'applicant' AND erased_at IS NULL",
  ).get(scope.customer.userBase, userName, scope.customer.cstm) as User | undefined;
  if (!user) throw notFound("unknown_user");
  return user;
}

/** Recruiters who serve the customer: the owners a recruiter may choose. */
export function recruitersOf(
  db: Db,
  cstm: string,
): { id: number; user_name: string; first_name: string | null; last_name: string | null }[] {
  return statement(
    db,
    `SELECT users.id, users.user_name, users.first_name, users.last_name FROM recruiter_customers
     JOIN users ON users.id = recruiter_customers.user_id WHERE recruiter_customers.cstm = ? ORDER BY users.last_name, users.first_name, users.user_name`,
  ).all(cstm) as { id: number; user_name: string; first_name: string | null; last_name: string | null }[];
}
