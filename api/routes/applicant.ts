import type { Router } from "express";
import { z } from "zod";
import { authOf, requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { forbidden } from "../http/errors";
import { profileCall } from "../http/profile-call";
import { route, success } from "../http/handlers";
import { emailSchema, emptyBodySchema, nameSchema, parseBody, parseQuery, profileIdSchema } from "../http/validation";
import { customerLanguage, languageSchema } from "../languages";
import { applicantDataExport } from "../store/data-export";
import { endOpenLinks } from "../store/user-hashes";
import { findUserById, type User } from "../store/users";

const feedbackSchema = z.object({
  profileId: profileIdSchema,
  rating: z.number().int().min(1).max(5),
  comment: z.string().trim().max(2000).optional(),
});

/** The applicant's personal data (GET/POST /profile), feedback and finalizeApplication. */
function personalData(user: User) {
  return {
    userName: user.user_name,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    language: user.language,
    anonymous: user.anonymous === 1,
  };
}

const profileUpdateSchema = z
  .object({
    firstName: nameSchema.optional(),
    lastName: nameSchema.optional(),
    email: emailSchema.optional(),
    language: languageSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: "nothing to update" });

export function applicantRoutes(router: Router, ctx: ApiContext): void {
  router.get(
    "/profile",
    requireToken(ctx),
    route((_req, res) => success(res, { profile: personalData(authOf(res).user) })),
  );

  // GDPR Art. 15 (docs/decisions/182): everything stored about the signed-in applicant, in their language.
  router.get(
    "/profile/data-export",
    requireToken(ctx),
    route((req, res) => {
      const { language } = parseQuery(req, z.object({ language: languageSchema.optional() }).strict());
      const { user, customer } = authOf(res);
      success(res, { data: applicantDataExport(ctx, user, customerLanguage(customer.languages, language ?? user.language)) });
    }),
  );

  router.post(
    "/profile",
    requireToken(ctx),
    route((req, res) => {
      const body = parseBody(req, profileUpdateSchema);
      const { user, customer } = authOf(res);
      const email = body.email?.toLowerCase();
      ctx.db.transaction(() => {
        if (email) {
          const taken = ctx.db
            .prepare("SELECT 1 FROM users WHERE user_base = ? AND id <> ? AND (email = ? OR user_name = ?)")
            .get(user.user_base, user.id, email, email);
          if (taken) throw forbidden("email_already_registered", "C12");
        }
        ctx.db
          .prepare(
            `UPDATE users SET first_name = COALESCE(?, first_name), last_name = COALESCE(?, last_name),
               email = COALESCE(?, email), language = COALESCE(?, language) WHERE id = ?`,
          )
          .run(
            body.firstName ?? null,
            body.lastName ?? null,
            email ?? null,
            body.language ? customerLanguage(customer.languages, body.language) : null,
            user.id,
          );
        // The applicant's own change of address ends the links mailed to the old one as well.
        if (email && email !== user.email?.toLowerCase()) {
          const ended = endOpenLinks(ctx.db, user, Math.floor(ctx.now().getTime() / 1000));
          if (ended > 0) ctx.logger.info({ linksEnded: { userId: user.id, count: ended } }, "open links ended by a changed e-mail address");
        }
      })();
      success(res, { profile: personalData(findUserById(ctx.db, user.id)!) });
    }),
  );

  router.post(
    "/postUserFeedback",
    ...profileCall(ctx, feedbackSchema, ({ body, auth: { user } }, res) => {
      ctx.db
        .prepare("INSERT INTO feedback (user_id, profile_id, rating, comment, created_at) VALUES (?, ?, ?, ?, ?)")
        .run(user.id, body.profileId, body.rating, body.comment || null, ctx.now().toISOString());
      success(res, {}, 201);
    }),
  );

  router.post(
    "/feedbackModalSeen",
    ...profileCall(ctx, z.object({ profileId: profileIdSchema }), ({ body, auth: { user } }, res) => {
      ctx.db
        .prepare("INSERT OR IGNORE INTO feedback_modal_seen (user_id, profile_id, seen_at) VALUES (?, ?, ?)")
        .run(user.id, body.profileId, ctx.now().toISOString());
      res.status(204).end();
    }),
  );

  router.post(
    "/finalizeApplication",
    requireToken(ctx),
    route((req, res) => {
      parseBody(req, emptyBodySchema);
      const { user } = authOf(res);
      ctx.db.prepare("UPDATE users SET finalized_at = COALESCE(finalized_at, ?) WHERE id = ?").run(ctx.now().toISOString(), user.id);
      success(res, { finalizedAt: findUserById(ctx.db, user.id)!.finalized_at });
    }),
  );
}
