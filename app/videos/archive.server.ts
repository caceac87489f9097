import type { AppLoadContext } from "@remix-run/node";
import type { ApplicantContext } from "~/account/session.server";
import type { CustomerConfig } from "~/domain/customer";
import { addVideos, videoTitle, VideosNotAnArrayError, type Video } from "~/domain/videos";
import { captureForSupport } from "~/errors/report.server";
import { browserUrl } from "~/upstream/assessment.server";
import { trackVideoAction, type VideoTrackEvent } from "~/upstream/videos.server";
import type { VideoItem, VideoModalData } from "./video-archive";

/**
 * The video archive and player on the server (spec §2, R-SCR-10, docs/decisions/082): the
 * customer's videos for the page language, the player's data for `?modal=video&video={id}`, and
 * the tracking of an opened video.
 */
interface ArchiveRequest {
  context: AppLoadContext;
  request: Request;
}

type ArchiveCustomer = { cstm: string; language: string; config: Pick<CustomerConfig, "videos" | "languages"> };

/**
 * R-VAL-10: videos that are not an array are the customer configuration's fault: reported (log and
 * Sentry) with the spec's message, and the page goes on without videos.
 */
function configuredVideos({ context, request }: ArchiveRequest, customer: ArchiveCustomer): Video[] {
  try {
    return addVideos(customer.config.videos);
  } catch (error) {
    if (!(error instanceof VideosNotAnArrayError)) throw error;
    const route = new URL(request.url).pathname;
    const received = customer.config.videos === null ? "null" : typeof customer.config.videos;
    context.logger.error({ err: error, cstm: customer.cstm, route, received }, error.message);
    captureForSupport(
      error,
      { requestId: context.requestId, cstm: customer.cstm, route },
      {
        sentryEnabled: context.services.sentryEnabled,
        extra: { received },
        fingerprint: ["videos-not-an-array", customer.cstm],
        request,
      },
    );
    return [];
  }
}

/**
 * Only URLs a video element may load: root-relative ones (resolved against the upstream's public
 * origin, docs/api.md "URLs the browser loads") and http(s); never javascript:, data: or the like.
 */
function playableUrl(context: AppLoadContext, url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith("/") && !url.startsWith("//")) return browserUrl(context, url);
  return /^https?:\/\/[^/\s]/i.test(url) ? url : undefined;
}

/** The archive in the page language (title fallback: the customer's languages, decision 029). */
export function videoArchive(args: ArchiveRequest, customer: ArchiveCustomer): VideoItem[] {
  return configuredVideos(args, customer).flatMap((video) => {
    const src = playableUrl(args.context, video.src);
    if (!src) return [];
    return [
      {
        id: video.id,
        title: videoTitle(video, customer.language, customer.config.languages),
        src,
        poster: playableUrl(args.context, video.poster),
        type: video.type,
      },
    ];
  });
}

/**
 * The profile the tracking calls name (the upstream needs one): the active one, else the on-site
 * station's. Sign-in activates the profile whenever R-PROF-01 picks one, so without either the
 * applicant has several profiles and chose none yet: the event is not tracked.
 */
function trackedProfileId(applicant: ApplicantContext): string | undefined {
  return applicant.session.get("activeProfileId") ?? applicant.session.get("onSite")?.profileId;
}

/** Tracks one player event in the background: never awaited by a page, never rejects. */
export function trackInBackground(context: AppLoadContext, applicant: ApplicantContext, event: Omit<VideoTrackEvent, "profileId">): void {
  const profileId = trackedProfileId(applicant);
  if (profileId) void trackVideoAction(context, applicant.session, { ...event, profileId });
  else context.logger.debug({ videoId: event.videoId }, "video event without a profile: not tracked");
}

/**
 * The player's data for `?modal=video&video={id}`. Opening a known video is tracked on the server,
 * so it counts without JavaScript too; the call is not awaited and never fails the page.
 */
export function loadVideoModal(args: ArchiveRequest, applicant: ApplicantContext, archive: VideoItem[]): VideoModalData {
  const id = new URL(args.request.url).searchParams.get("video");
  const video = archive.find((candidate) => candidate.id === id) ?? null;
  if (video) trackInBackground(args.context, applicant, { videoId: video.id, action: "opened" });
  return { video, trackUrl: `/${applicant.cstm}/${TRACK_VIDEO_PAGE}` };
}

/** The action-only route the player posts play, pause and ended to (app/routes/$cstm.track-video.ts). */
export const TRACK_VIDEO_PAGE = "track-video";

/** What the player posted (videoId, action, position), if it names a video of the archive; else null. */
export function playerEventOf(form: FormData, archive: VideoItem[]): Omit<VideoTrackEvent, "profileId"> | null {
  const videoId = form.get("videoId");
  const action = form.get("action");
  const position = Number(form.get("position"));
  if (typeof videoId !== "string" || !archive.some((video) => video.id === videoId)) return null;
  if (action !== "play" && action !== "pause" && action !== "ended") return null;
  const valid = form.get("position") !== null && Number.isFinite(position) && position >= 0 && position <= 1e7;
  return { videoId, action, position: valid ? Math.round(position * 10) / 10 : undefined };
}
