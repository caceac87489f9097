import type { RequestHandler, Router } from "express";
import { z } from "zod";
import { bearerToken, requireToken, type AuthState } from "../auth/require-token";
import { createFailureThrottle } from "../auth/throttle";
import { ApiError } from "../http/errors";
import type { ApiContext } from "../context";
import { route } from "../http/handlers";
import { profileCall } from "../http/profile-call";
import { componentIdSchema, parseBody, profileIdSchema } from "../http/validation";

/** Reports a visitor's address may send per minute without a token (decision 125). */
export const VISITOR_REPORTS_PER_MINUTE = 30;

/** The three track calls and handleClientError: stored, answered 204 (spec §7, R-ENT-09). */
const trackSchema = z.object({
  profileId: profileIdSchema,
  componentId: componentIdSchema.optional(),
  action: z.string().max(100).optional(),
  target: z.string().max(500).optional(),
  videoId: z.string().max(100).optional(),
  position: z.number().nonnegative().max(1e7).optional(),
});

const clientErrorSchema = z.object({
  client: z.string().max(200).optional(),
  userAgent: z.string().max(2000).optional(),
  url: z.string().max(2000).optional(),
  errMessage: z.string().max(2000),
  errStack: z.string().max(20_000).optional(),
  userInfo: z
    .union([z.string().max(2000), z.record(z.unknown())])
    // A visitor's report has no user: the app sends null (decision 125).
    .nullish()
    .refine((value) => value == null || JSON.stringify(value).length <= 2000, { message: "too long" }),
});

const TRACK_CALLS = {
  "/trackPicatNavigation": "picat-navigation",
  "/trackFormAction": "form-action",
  "/trackVideoAction": "video-action",
} as const;

export function trackingRoutes(router: Router, ctx: ApiContext): void {
  const insertEvent = ctx.db.prepare(
    "INSERT INTO tracking_events (user_id, profile_id, kind, payload_json, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  for (const [path, kind] of Object.entries(TRACK_CALLS)) {
    router.post(
      path,
      ...profileCall(ctx, trackSchema, ({ body, auth: { user } }, res) => {
        insertEvent.run(user.id, body.profileId, kind, JSON.stringify(body), ctx.now().toISOString());
        res.status(204).end();
      }),
    );
  }

  // Decision 125: errors of visitors (before sign-in) arrive without a token; per client address,
  // bounded, so one client cannot flood the table. Signed-in reports carry their token as before.
  const visitorReports = createFailureThrottle({ maxFailures: VISITOR_REPORTS_PER_MINUTE, windowS: 60, nowMs: () => ctx.now().getTime() });
  const tokenIfSent: RequestHandler = (req, res, next) => (bearerToken(req) === null ? next() : requireToken(ctx)(req, res, next));
  router.post(
    "/handleClientError",
    tokenIfSent,
    route((req, res) => {
      const auth = res.locals.auth as AuthState | undefined;
      if (!auth) {
        // The visitor's address, also when the app forwards the report (decision 103): otherwise every
        // visitor reporting through the app would share one budget.
        const client = ctx.clientAddress(req);
        if (visitorReports.blocked(client)) throw new ApiError(429, "too_many_requests");
        visitorReports.failed(client);
      }
      const body = parseBody(req, clientErrorSchema);
      ctx.db
        .prepare("INSERT INTO client_errors (user_id, report_json, created_at) VALUES (?, ?, ?)")
        .run(auth?.user.id ?? null, JSON.stringify(body), ctx.now().toISOString());
      res.status(204).end();
    }),
  );
}
