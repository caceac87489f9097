import type { Router } from "express";
import { z } from "zod";
import { authOf, requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { route } from "../http/handlers";
import { componentIdSchema, parseBody, profileIdSchema } from "../http/validation";
import { requireAssignment } from "../store/progress";

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
    .optional()
    .refine((value) => value === undefined || JSON.stringify(value).length <= 2000, { message: "too long" }),
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
      requireToken(ctx),
      route((req, res) => {
        const body = parseBody(req, trackSchema);
        const { user } = authOf(res);
        requireAssignment(ctx, user.id, body.profileId);
        insertEvent.run(user.id, body.profileId, kind, JSON.stringify(body), ctx.now().toISOString());
        res.status(204).end();
      }),
    );
  }

  router.post(
    "/handleClientError",
    requireToken(ctx),
    route((req, res) => {
      const body = parseBody(req, clientErrorSchema);
      ctx.db
        .prepare("INSERT INTO client_errors (user_id, report_json, created_at) VALUES (?, ?, ?)")
        .run(authOf(res).user.id, JSON.stringify(body), ctx.now().toISOString());
      res.status(204).end();
    }),
  );
}
