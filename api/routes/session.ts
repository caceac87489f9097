import type { Router } from "express";
import { z } from "zod";
import { hashPassword, needsRehash, verifyPassword } from "../auth/passwords";
import { authOf, bearerToken, requireToken } from "../auth/require-token";
import type { TokenGrant } from "../auth/tokens";
import type { ApiContext } from "../context";
import { ApiError, unauthorized } from "../http/errors";
import { route, success } from "../http/handlers";
import { cstmSchema, emptyBodySchema, parseBody, passwordSchema, profileIdSchema, userNameSchema } from "../http/validation";
import { customerLanguage, languageSchema } from "../languages";
import { servesCustomer } from "../recruiter/access";
import { requireCustomer, statementOf, type Customer } from "../store/catalogue";
import { requireAssignment } from "../store/progress";
import { displayName, findUserByName, type User } from "../store/users";

/** login, onSiteLogin, logout, refreshToken and their recruiter twins (spec §4, §6, §7). */
const loginSchema = z.object({
  cstm: cstmSchema,
  userName: userNameSchema,
  password: passwordSchema,
  language: languageSchema.optional(),
  dataProtectionStatementId: z.number().int().positive().optional(),
  dataProtectionStatementRevision: z.number().int().positive().optional(),
});
const onSiteLoginSchema = loginSchema.extend({ profileId: profileIdSchema });

export function loginResponse(user: User, grant: TokenGrant) {
  return {
    ...grant,
    expired: user.expired === 1,
    userName: user.user_name,
    displayName: displayName(user),
    anonymous: user.anonymous === 1,
    language: user.language,
  };
}

async function checkCredentials(
  ctx: ApiContext,
  customer: Customer,
  userName: string,
  password: string,
  role: User["role"],
): Promise<User> {
  const throttle = ctx.loginThrottle;
  const key = `${customer.userBase}\u0000${userName.toLowerCase()}`;
  if (throttle.blocked(key)) throw new ApiError(429, "too_many_attempts");
  const found = findUserByName(ctx.db, customer.userBase, userName);
  const user = found?.role === role ? found : undefined;
  const valid = await verifyPassword(password, user?.password_hash ?? null);
  if (!user || !valid) {
    throttle.failed(key);
    throw unauthorized("invalid_credentials");
  }
  throttle.succeeded(key);
  if (user.password_hash && needsRehash(user.password_hash)) await rehash(ctx, user, user.password_hash, password);
  if (user.activated !== 1) throw new ApiError(402, "account_not_activated");
  // A recruiter disabled this applicant's access (docs/decisions/146).
  if (user.login_disabled === 1) throw new ApiError(403, "access_disabled");
  return user;
}

/**
 * A hash made with a weaker cost than today's is replaced while the password is at hand (decision 092).
 * Only if it is still the stored one: a password change in between wins. The history keeps the new
 * hash too, so the "used before" check needs no weak hash either.
 */
async function rehash(ctx: ApiContext, user: User, weak: string, password: string): Promise<void> {
  const strong = await hashPassword(password);
  ctx.db.transaction(() => {
    const changed = ctx.db
      .prepare("UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?")
      .run(strong, user.id, weak).changes;
    if (changed)
      ctx.db.prepare("UPDATE password_history SET password_hash = ? WHERE user_id = ? AND password_hash = ?").run(strong, user.id, weak);
  })();
}

export function sessionRoutes(router: Router, ctx: ApiContext): void {
  /** Checks the credentials, then `admit` (extra conditions), then records language and acceptance and issues a token. */
  async function applicantLogin(body: z.infer<typeof loginSchema>, admit: (user: User) => void = () => {}) {
    const customer = requireCustomer(ctx.catalogue, body.cstm);
    const user = await checkCredentials(ctx, customer, body.userName, body.password, "applicant");
    admit(user);
    const statement = statementOf(ctx.catalogue, customer);
    const acceptsStatement =
      body.dataProtectionStatementId === statement.dpsmId && body.dataProtectionStatementRevision === statement.revision;
    const language = body.language ? customerLanguage(customer.languages, body.language) : user.language;
    ctx.db
      .prepare("UPDATE users SET language = ?, dp_accepted_revision = CASE WHEN ? THEN ? ELSE dp_accepted_revision END WHERE id = ?")
      .run(language, acceptsStatement ? 1 : 0, statement.revision, user.id);
    return loginResponse({ ...user, language }, ctx.tokens.issue(user.id, "applicant", customer.cstm));
  }

  router.post(
    "/login",
    route(async (req, res) => {
      success(res, await applicantLogin(parseBody(req, loginSchema)));
    }),
  );

  router.post(
    "/onSiteLogin",
    route(async (req, res) => {
      const body = parseBody(req, onSiteLoginSchema);
      // R-VAL-11: the station's profile must be one of the user's, and open.
      const login = await applicantLogin(body, (user) => {
        if (!requireAssignment(ctx, user.id, body.profileId).isOpen) throw new ApiError(403, "profile_closed");
      });
      success(res, { ...login, profileId: body.profileId });
    }),
  );

  router.post(
    "/recruiter/login",
    route(async (req, res) => {
      const body = parseBody(req, loginSchema.pick({ cstm: true, userName: true, password: true }));
      const customer = requireCustomer(ctx.catalogue, body.cstm);
      const user = await checkCredentials(ctx, customer, body.userName, body.password, "recruiter");
      // A recruiter signs in only at a customer they serve (docs/decisions/141).
      if (!servesCustomer(ctx.db, user.id, customer.cstm)) throw unauthorized("invalid_credentials");
      success(res, loginResponse(user, ctx.tokens.issue(user.id, "recruiter", customer.cstm)));
    }),
  );

  const refresh = route((req, res) => {
    parseBody(req, emptyBodySchema);
    const grant = ctx.tokens.refresh(bearerToken(req) ?? "");
    if (!grant) throw unauthorized("invalid_token");
    success(res, { access_token: grant.access_token, expires_in: grant.expires_in });
  });
  // Either kind of token may be refreshed here: the app's R-TOK-01 check uses this path for both.
  router.post("/refreshToken", requireToken(ctx, { allowExpired: true, anyKind: true }), refresh);
  router.post("/recruiter/refreshToken", requireToken(ctx, { allowExpired: true }), refresh);

  const logout = route((_req, res) => {
    ctx.tokens.revoke(authOf(res).token);
    res.status(200).json({ status: "OK" });
  });
  router.get("/logout", requireToken(ctx, { allowExpired: true }), logout);
  router.get("/recruiter/logout", requireToken(ctx, { allowExpired: true }), logout);
}
