import type { Request, RequestHandler, Response } from "express";
import type { ApiContext } from "../context";
import { ApiError, forbidden, unauthorized } from "../http/errors";
import type { Customer } from "../store/catalogue";
import { findUserById, type User } from "../store/users";
import type { TokenKind } from "./tokens";

/**
 * Bearer check of every call that needs a token (spec §6): missing → 401, unknown/revoked/past the
 * absolute expiry → 401, expired → 419. R-ROLE-01: recruiter tokens only on paths containing
 * "recruiter", applicant tokens never there (403).
 */
export interface AuthState {
  user: User;
  token: string;
  kind: TokenKind;
  cstm: string;
  customer: Customer;
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,200})\s*$/i;

export function bearerToken(req: Request): string | null {
  const header = req.get("authorization");
  if (!header || !/^Bearer\s/i.test(header)) return null;
  const match = BEARER.exec(header);
  // A malformed token is an invalid one, not a missing one.
  return match ? match[1] : "";
}

export function kindForPath(path: string): TokenKind {
  return path.toLowerCase().includes("recruiter") ? "recruiter" : "applicant";
}

export function requireToken(ctx: ApiContext, options: { allowExpired?: boolean; anyKind?: boolean } = {}): RequestHandler {
  return (req, res, next) => {
    const token = bearerToken(req);
    if (token === null) return next(unauthorized("missing_token"));
    if (token === "") return next(unauthorized("invalid_token"));
    const check = ctx.tokens.check(token);
    if (check.state === "invalid") return next(unauthorized("invalid_token"));
    if (check.state === "expired" && !options.allowExpired) return next(new ApiError(419, "token_expired"));
    if (!options.anyKind && check.row.kind !== kindForPath(req.originalUrl.split("?")[0])) {
      return next(forbidden("wrong_token_kind"));
    }
    const user = findUserById(ctx.db, check.row.user_id);
    const customer = ctx.catalogue.customers.get(check.row.cstm);
    if (!user || !customer) return next(unauthorized("invalid_token"));
    const state: AuthState = { user, token, kind: check.row.kind, cstm: check.row.cstm, customer };
    res.locals.auth = state;
    next();
  };
}

export function authOf(res: Response): AuthState {
  return res.locals.auth as AuthState;
}
