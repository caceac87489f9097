import type { Request, Router } from "express";
import { z } from "zod";
import { hashPassword, meetsRequirements, verifyPassword } from "../auth/passwords";
import { authOf, requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { PASSWORD_REQUIREMENTS } from "../demo/customers";
import { ApiError, badRequest, conflict, forbidden } from "../http/errors";
import { route, success } from "../http/handlers";
import { cstmSchema, emailSchema, hashSchema, parseBody, passwordSchema, userNameSchema } from "../http/validation";
import { customerLanguage, languageSchema, localize } from "../languages";
import { sendAccountMail } from "../mail/account-mails";
import { RESET_REQUESTED_MESSAGE } from "../mail/templates";
import { requireCustomer } from "../store/catalogue";
import { endResetLinks, markHashUsed, requirePasswordHash } from "../store/user-hashes";
import { findUserByEmail, findUserByName, recentPasswordHashes, setPassword, type User } from "../store/users";
import { passwordRequirementsError } from "./registration";

/**
 * saveNewPassword, changeUserPassword, resetPassword(ByUserName) and the three password
 * requirement calls (spec §5, §7, §8: C04, C06, C07, C10, C13).
 */
/**
 * One of the last five passwords? `skip`: a hash already known not to match (the current one, when
 * the old password was just verified and the new one differs): scrypt at N=2^17 is worth saving.
 */
async function usedBefore(ctx: ApiContext, user: User, password: string, skip?: string | null): Promise<boolean> {
  const hashes = recentPasswordHashes(ctx.db, user.id).filter((hash) => hash !== skip);
  const results = await Promise.all(hashes.map((hash) => verifyPassword(password, hash)));
  return results.includes(true);
}

export function passwordRoutes(router: Router, ctx: ApiContext): void {
  const nowS = () => Math.floor(ctx.now().getTime() / 1000);

  router.post(
    "/saveNewPassword",
    route(async (req, res) => {
      const body = parseBody(req, z.object({ userHash: hashSchema, password: passwordSchema, cstm: cstmSchema.optional() }));
      const link = requirePasswordHash(ctx.db, body.userHash, nowS());
      if (body.cstm !== undefined) {
        const customer = ctx.catalogue.customers.get(body.cstm);
        if (!customer || customer.userBase !== link.user.user_base) {
          throw new ApiError(403, "user_not_mapped", { errorMsg: "C07" });
        }
      }
      if (!meetsRequirements(body.password)) throw passwordRequirementsError();
      if (await usedBefore(ctx, link.user, body.password)) throw conflict("password_used_before");
      const passwordHash = await hashPassword(body.password);
      ctx.db.transaction(() => {
        // The hash may have been used by a parallel request while scrypt ran.
        requirePasswordHash(ctx.db, body.userHash, nowS());
        setPassword(ctx.db, link.user.id, passwordHash, ctx.now());
        if (link.purpose === "password-reset") markHashUsed(ctx.db, link.hash_sha256, ctx.now());
        else ctx.db.prepare("UPDATE users SET activated = 1 WHERE id = ?").run(link.user.id);
        // Decision 092: whoever knew the old password is signed out everywhere, and older links are dead.
        endResetLinks(ctx.db, link.user.id, ctx.now());
        ctx.tokens.revokeAllOf(link.user.id);
      })();
      success(res, { userName: link.user.user_name });
    }),
  );

  router.post(
    "/changeUserPassword",
    requireToken(ctx),
    route(async (req, res) => {
      const body = parseBody(req, z.object({ oldPassword: passwordSchema, newPassword: passwordSchema }));
      const { user } = authOf(res);
      if (!(await verifyPassword(body.oldPassword, user.password_hash))) throw badRequest("old_password_incorrect", "C13");
      if (!meetsRequirements(body.newPassword)) throw passwordRequirementsError();
      // The old password matched the current hash: the new one matches it only if it is the same.
      if (body.newPassword.normalize("NFC") === body.oldPassword.normalize("NFC")) throw conflict("password_used_before");
      if (await usedBefore(ctx, user, body.newPassword, user.password_hash)) throw conflict("password_used_before");
      const passwordHash = await hashPassword(body.newPassword);
      ctx.db.transaction(() => {
        setPassword(ctx.db, user.id, passwordHash, ctx.now());
        // Decision 092: the other sessions of this account end; the one that changed the password goes on.
        endResetLinks(ctx.db, user.id, ctx.now());
        ctx.tokens.revokeAllOf(user.id, { except: authOf(res).token });
      })();
      success(res);
    }),
  );

  const resetLanguage = languageSchema.optional();
  const requestReset = (
    req: Request,
    customerCstm: string,
    target: string,
    language: string | undefined,
    find: (userBase: string) => User | undefined,
  ) => {
    const customer = requireCustomer(ctx.catalogue, customerCstm);
    // Decision 103: per client and per e-mail / user name, so the call cannot mail-bomb anyone. Counted
    // whether or not the account exists: the answer must not tell.
    ctx.requestLimits.enforce("password-reset", ctx.clientAddress(req), `${customer.userBase}:${target}`);
    const chosen = customerLanguage(customer.languages, language);
    const user = find(customer.userBase);
    // The same answer whether or not the account exists: no account enumeration.
    if (user && user.role === "applicant" && user.anonymous === 0) sendAccountMail(ctx, "password-reset", user, customer, chosen);
    return { message: localize(RESET_REQUESTED_MESSAGE, chosen) };
  };

  router.post(
    "/resetPassword",
    route((req, res) => {
      const body = parseBody(req, z.object({ cstm: cstmSchema, email: emailSchema, language: resetLanguage }));
      success(
        res,
        requestReset(req, body.cstm, body.email, body.language, (userBase) => findUserByEmail(ctx.db, userBase, body.email)),
      );
    }),
  );

  router.post(
    "/resetPasswordByUserName",
    route((req, res) => {
      const body = parseBody(req, z.object({ cstm: cstmSchema, userName: userNameSchema, language: resetLanguage }));
      success(
        res,
        requestReset(req, body.cstm, body.userName, body.language, (userBase) => findUserByName(ctx.db, userBase, body.userName)),
      );
    }),
  );

  router.post(
    "/getPasswordRequirementsForSelfRegister",
    route((req, res) => {
      const body = parseBody(req, z.object({ cstm: cstmSchema }));
      requireCustomer(ctx.catalogue, body.cstm);
      success(res, { passwordRequirements: PASSWORD_REQUIREMENTS });
    }),
  );

  router.post(
    "/getPasswordRequirementsByUserHash",
    route((req, res) => {
      const body = parseBody(req, z.object({ userHash: hashSchema }));
      const link = requirePasswordHash(ctx.db, body.userHash, nowS());
      success(res, { passwordRequirements: PASSWORD_REQUIREMENTS, userName: link.user.user_name });
    }),
  );

  router.post(
    "/getPasswordRequirementsByUserId",
    requireToken(ctx),
    route((req, res) => {
      const body = parseBody(req, z.object({ userId: userNameSchema.optional() }));
      const { user } = authOf(res);
      if (body.userId !== undefined && body.userId.toLowerCase() !== user.user_name.toLowerCase()) throw forbidden("forbidden");
      success(res, { passwordRequirements: PASSWORD_REQUIREMENTS, userName: user.user_name });
    }),
  );
}
