import type { Router } from "express";
import { z } from "zod";
import { hashPassword, meetsRequirements } from "../auth/passwords";
import { randomHex } from "../auth/secrets";
import type { ApiContext } from "../context";
import { conflict, forbidden, notFound } from "../http/errors";
import { route, success } from "../http/handlers";
import { cstmSchema, emailSchema, hashSchema, nameSchema, parseBody, passwordSchema, profileIdSchema } from "../http/validation";
import { customerLanguage, languageSchema } from "../languages";
import { requireCustomer, statementOf, type Customer, type Profile } from "../store/catalogue";
import { findUserHash, invalidHash, isExpired } from "../store/user-hashes";
import { findUserById, setPassword } from "../store/users";
import { loginResponse } from "./session";

/** register, registerAnon, accountActivation (spec §7, R-ENT-08, R-ROLE-02, R-API-03). */
const statementFields = {
  cstm: cstmSchema,
  language: languageSchema,
  dataProtectionStatementId: z.number().int().positive(),
  dataProtectionStatementRevision: z.number().int().positive(),
};

const registerSchema = z.object({
  ...statementFields,
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  contactingAccepted: z.boolean().optional(),
  profileId: profileIdSchema.optional(),
});

const registerAnonSchema = z.object({ ...statementFields, profileId: profileIdSchema });

const activationSchema = z.object({
  userIdHash: hashSchema,
  password: passwordSchema.optional(),
  language: languageSchema.optional(),
});

export const passwordRequirementsError = () => forbidden("password_requirements", "C10");

function requireCurrentStatement(ctx: ApiContext, customer: Customer, id: number, revision: number): number {
  const statement = statementOf(ctx.catalogue, customer);
  if (statement.dpsmId !== id || statement.revision !== revision) throw conflict("data_protection_outdated");
  return statement.revision;
}

/** A profile a newcomer of this customer may register for: the customer's default or one open to anonymous applicants. */
function registrationProfile(ctx: ApiContext, customer: Customer, profileId: string | undefined, anonymous: boolean): Profile {
  const id = profileId ?? customer.selfRegisterProfileId;
  const profile = id ? ctx.catalogue.profiles.get(id) : undefined;
  const allowed =
    profile &&
    profile.userBase === customer.userBase &&
    (profile.allowAnonymous || (!anonymous && profile.id === customer.selfRegisterProfileId));
  if (!allowed) throw notFound("unknown_profile");
  return profile;
}

export function registrationRoutes(router: Router, ctx: ApiContext): void {
  const insertUser = ctx.db.prepare(
    `INSERT INTO users (user_base, cstm, user_name, role, email, first_name, last_name, language, activated, anonymous, created_at,
       dp_accepted_revision, contacting_accepted)
     VALUES (@userBase, @cstm, @userName, 'applicant', @email, @firstName, @lastName, @language, @activated, @anonymous, @createdAt,
       @revision, @contacting)`,
  );
  const assign = ctx.db.prepare("INSERT INTO user_profiles (user_id, profile_id, is_open, assigned_at) VALUES (?, ?, 1, ?)");

  router.post(
    "/register",
    route(async (req, res) => {
      const body = parseBody(req, registerSchema);
      const customer = requireCustomer(ctx.catalogue, body.cstm);
      if (!customer.enableRegistration) throw forbidden("registration_disabled", "C11");
      // Decision 103: every registration costs a scrypt derivation; per client and per e-mail address.
      ctx.requestLimits.enforce("register", ctx.clientAddress(req), `${customer.userBase}:${body.email}`);
      const profile = registrationProfile(ctx, customer, body.profileId, false);
      const revision = requireCurrentStatement(ctx, customer, body.dataProtectionStatementId, body.dataProtectionStatementRevision);
      if (!meetsRequirements(body.password)) throw passwordRequirementsError();
      const email = body.email.toLowerCase();
      const language = customerLanguage(customer.languages, body.language);
      const passwordHash = await hashPassword(body.password);
      const now = ctx.now();
      const user = ctx.db.transaction(() => {
        const taken = ctx.db
          .prepare("SELECT 1 FROM users WHERE user_base = ? AND (user_name = ? OR email = ?)")
          .get(customer.userBase, email, email);
        if (taken) throw forbidden("email_already_registered", "C12");
        const userId = Number(
          insertUser.run({
            userBase: customer.userBase,
            // The customer registered at is the applicant's (docs/decisions/170).
            cstm: customer.cstm,
            userName: email,
            email,
            firstName: body.firstName,
            lastName: body.lastName,
            language,
            // Registration ends on Home, signed in: a self-registered account is active at once
            // (docs/decisions/051). Activation links remain for accounts recruiters create.
            activated: 1,
            anonymous: 0,
            createdAt: now.toISOString(),
            revision,
            contacting: body.contactingAccepted ? 1 : 0,
          }).lastInsertRowid,
        );
        setPassword(ctx.db, userId, passwordHash, now);
        assign.run(userId, profile.id, now.toISOString());
        return findUserById(ctx.db, userId)!;
      })();
      const grant = ctx.tokens.issue(user.id, "applicant", customer.cstm);
      success(res, { ...loginResponse(user, grant), activationRequired: false }, 201);
    }),
  );

  router.post(
    "/registerAnon",
    route((req, res) => {
      const body = parseBody(req, registerAnonSchema);
      const customer = requireCustomer(ctx.catalogue, body.cstm);
      if (!customer.enableAnonRegistration) throw forbidden("registration_disabled", "C11");
      // Decision 103: every call creates an account; there is no target, so per client only.
      ctx.requestLimits.enforce("register-anonymous", ctx.clientAddress(req));
      const profile = registrationProfile(ctx, customer, body.profileId, true);
      const revision = requireCurrentStatement(ctx, customer, body.dataProtectionStatementId, body.dataProtectionStatementRevision);
      const language = customerLanguage(customer.languages, body.language);
      const now = ctx.now().toISOString();
      const user = ctx.db.transaction(() => {
        const userId = Number(
          insertUser.run({
            userBase: customer.userBase,
            cstm: customer.cstm,
            // R-ROLE-02: anonymous users are recognised by this part of the user name.
            userName: `self_register_anon_${randomHex(8)}`,
            email: null,
            firstName: null,
            lastName: null,
            language,
            activated: 1,
            anonymous: 1,
            createdAt: now,
            revision,
            contacting: 0,
          }).lastInsertRowid,
        );
        assign.run(userId, profile.id, now);
        return findUserById(ctx.db, userId)!;
      })();
      const grant = ctx.tokens.issue(user.id, "applicant", customer.cstm);
      success(res, { ...loginResponse(user, grant), profileId: profile.id }, 201);
    }),
  );

  router.post(
    "/accountActivation",
    route(async (req, res) => {
      const body = parseBody(req, activationSchema);
      const link = findUserHash(ctx.db, body.userIdHash);
      if (!link || link.purpose !== "activation") throw invalidHash();
      // R-API-03: the app ignores this 403.
      if (link.user.activated === 1) throw forbidden("already_activated");
      // Decision 092: an activation link is valid for 7 days (the catalogue's answer for an invalid link).
      if (isExpired(link, Math.floor(ctx.now().getTime() / 1000))) throw invalidHash();
      const setsPassword = link.user.password_hash === null && body.password !== undefined;
      if (setsPassword && !meetsRequirements(body.password!)) throw passwordRequirementsError();
      const passwordHash = setsPassword ? await hashPassword(body.password!) : null;
      ctx.db.transaction(() => {
        if (passwordHash) setPassword(ctx.db, link.user.id, passwordHash, ctx.now());
        ctx.db.prepare("UPDATE users SET activated = 1 WHERE id = ?").run(link.user.id);
      })();
      success(res, {
        userName: link.user.user_name,
        cstm: link.cstm,
        passwordRequired: link.user.password_hash === null && passwordHash === null,
      });
    }),
  );
}
