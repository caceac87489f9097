import type { Router } from "express";
import { z } from "zod";
import type { ApiContext } from "../context";
import { badRequest, notFound } from "../http/errors";
import { route, success } from "../http/handlers";
import { cstmSchema, emailSchema, parseBody, parseParams } from "../http/validation";
import { customerLanguage, languageSchema } from "../languages";
import { requireCustomer } from "../store/catalogue";

/** The generic custom-URL submit of spec §7, here the preview area's newsletter sign-up. */
export function customRoutes(router: Router, ctx: ApiContext): void {
  router.post(
    "/custom/:cstm/newsletter",
    route((req, res) => {
      const { cstm } = parseParams(req, z.object({ cstm: cstmSchema }));
      const body = parseBody(req, z.object({ email: emailSchema, consent: z.boolean(), language: languageSchema.optional() }));
      const customer = requireCustomer(ctx.catalogue, cstm);
      if (!customer.pages.has("newsletter")) throw notFound("unknown_customer");
      if (!body.consent) throw badRequest("consent_required");
      // Decision 103: per client and per e-mail address (a sign-up is a mail to that address).
      ctx.requestLimits.enforce("newsletter", ctx.clientAddress(req), `${customer.cstm}:${body.email}`);
      const result = ctx.db
        .prepare("INSERT OR IGNORE INTO newsletter_subscriptions (cstm, email, language, subscribed_at) VALUES (?, ?, ?, ?)")
        .run(customer.cstm, body.email.toLowerCase(), customerLanguage(customer.languages, body.language), ctx.now().toISOString());
      success(res, { subscribed: true }, result.changes > 0 ? 201 : 200);
    }),
  );
}
