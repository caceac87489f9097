import type { AppLoadContext } from "@remix-run/node";
import type { AppSession } from "~/session/session.server";
import { callUpstream, SilentUpstreamFailure, UpstreamError } from "./client.server";

/** What the video player reports (docs/api.md POST /trackVideoAction; position in seconds). */
export interface VideoTrackEvent {
  profileId: string;
  videoId: string;
  action: "opened" | "play" | "pause" | "ended";
  position?: number;
}

/**
 * POST /trackVideoAction. Tracking never blocks or breaks a page (spec §8: network errors on tracking
 * calls produce no code, R-CAT-05): callers do not await it and it never rejects. A lost call is
 * logged at debug level, a refusal (4xx, 5xx, an ended session) as a warning; nothing is shown.
 */
export function trackVideoAction(context: AppLoadContext, session: AppSession, event: VideoTrackEvent): Promise<void> {
  const path = "/trackVideoAction";
  return callUpstream(context, { method: "POST", path, auth: "token", session, body: event }).then(
    () => undefined,
    (error: unknown) => {
      if (error instanceof SilentUpstreamFailure) {
        context.logger.debug({ upstream: { path, failure: error.failure.kind } }, "tracking call lost");
      } else {
        const status = error instanceof UpstreamError ? error.status : undefined;
        context.logger.warn({ upstream: { path, status }, err: error }, "tracking call refused");
      }
    },
  );
}
