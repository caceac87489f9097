import type { RequestHandler, Response } from "express";
import type { ZodType, ZodTypeDef } from "zod";
import { authOf, requireToken, type AuthState } from "../auth/require-token";
import type { ApiContext } from "../context";
import { requireAssignment, type Assignment } from "../store/progress";
import { route } from "./handlers";
import { parseBody } from "./validation";

export interface ProfileCall<T> {
  body: T;
  auth: AuthState;
  /** The token user's assignment of body.profileId. */
  assignment: Assignment;
}

/**
 * An applicant's call about one of their own profiles (the report calls, feedbackModalSeen, the
 * track calls): the token check, the body against its schema, then body.profileId among the token
 * user's assignments; a profile they do not have is unknown to them (404 unknown_profile, docs/api.md).
 */
export function profileCall<T extends { profileId: string }>(
  ctx: ApiContext,
  schema: ZodType<T, ZodTypeDef, unknown>,
  handler: (call: ProfileCall<T>, res: Response) => unknown,
): RequestHandler[] {
  return [
    requireToken(ctx),
    route((req, res) => {
      const body = parseBody(req, schema);
      const auth = authOf(res);
      return handler({ body, auth, assignment: requireAssignment(ctx, auth.user.id, body.profileId) }, res);
    }),
  ];
}
