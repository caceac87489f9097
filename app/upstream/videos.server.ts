import type { AppLoadContext } from "@remix-run/node";
import type { AppSession } from "~/session/session.server";
import { track } from "./assessment.server";

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
  return track(context, session, "/trackVideoAction", event);
}
