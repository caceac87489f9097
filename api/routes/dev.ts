import type { Router } from "express";
import { z } from "zod";
import { randomHex } from "../auth/secrets";
import type { ApiContext } from "../context";
import { JOBS, runJobs } from "../jobs/scheduler";
import { insertDemoUser, demoPasswordHash, writeActivationMail } from "../db/seed";
import { DEMO_USERS } from "../demo/users";
import { notFound } from "../http/errors";
import { route } from "../http/handlers";
import { parseBody, parseQuery } from "../http/validation";

/**
 * Dev helpers (docs/api.md), only in demo mode (DEMO_MODE=true): the mail outbox, and independent
 * copies of demo users so end-to-end tests can run in parallel without sharing state. Without demo
 * mode none of them exists: /api/dev/* answers like any unknown path (404), nothing to discover.
 */
export function devRoutes(router: Router, ctx: ApiContext): void {
  if (!ctx.demoMode) return;
  router.get(
    "/dev/outbox",
    route((req, res) => {
      const query = parseQuery(req, z.object({ to: z.string().min(1).max(254).optional() }));
      res.json(ctx.outbox.list(query.to));
    }),
  );

  router.post(
    "/dev/clone-user",
    route(async (req, res) => {
      const { template } = parseBody(req, z.object({ template: z.string().min(1).max(50) }));
      const user = DEMO_USERS.find((candidate) => candidate.userName === template);
      if (!user) throw notFound("unknown_template");
      const passwordHash = demoPasswordHash(user);
      const userName = `${user.userName}-${randomHex(4)}`;
      const activationHash = user.activationHash ? `act-${userName}-${randomHex(8)}` : null;
      const now = ctx.now();
      ctx.db.transaction(() => {
        const userId = insertDemoUser(ctx.db, user, { userName, passwordHash, activationHash, now });
        if (activationHash) writeActivationMail(ctx.db, user, userId, userName, activationHash, ctx.appBaseUrl(), now);
      })();
      res.status(201).json({
        userName,
        password: user.password,
        cstm: user.cstm,
        ...(activationHash ? { activationHash } : {}),
      });
    }),
  );

  /**
   * Runs the scheduled jobs once (docs/decisions/186, 187) at `now` (default: the clock), all or the one named, and
   * answers what they did: tests choose the day instead of waiting for the interval.
   */
  router.post(
    "/dev/jobs/run",
    route(async (req, res) => {
      const body = parseBody(req, z.object({ now: z.string().datetime().optional(), job: z.enum(JOBS).optional() }).strict());
      const now = body.now ? new Date(body.now) : ctx.now();
      res.json(await runJobs(ctx, now, body.job ? [body.job] : JOBS));
    }),
  );

  /**
   * A new revision of a customer's data-protection statement (same text), as when the customer
   * publishes a changed one: every applicant then has to accept again (R-DP-01).
   */
  router.post(
    "/dev/publish-statement",
    route((req, res) => {
      const { cstm } = parseBody(req, z.object({ cstm: z.string().min(1).max(64) }));
      const customer = ctx.catalogue.customers.get(cstm);
      if (!customer) throw notFound("unknown_customer");
      const statement = ctx.catalogue.statements.get(customer.userBase);
      if (!statement) throw notFound("not_found");
      const revision = statement.revision + 1;
      ctx.db.prepare("UPDATE data_protection_statements SET revision = ? WHERE user_base = ?").run(revision, customer.userBase);
      ctx.catalogue.statements.set(customer.userBase, { ...statement, revision });
      res.status(201).json({ dpsm_dpsm_id: statement.dpsmId, revision });
    }),
  );
}
