import { Link, useLocation } from "@remix-run/react";
import type { SyntheticEvent } from "react";
import { useTranslation } from "~/i18n/react";
import type { ModalContentProps, ModalDefinition } from "~/modals/route-modals";
import { modalStackOf, searchWithModals, stackWithModal } from "~/modals/stack";

/**
 * The video archive and the video player (spec §2, R-SCR-10, docs/decisions/082). A page shows the
 * archive with `<VideoArchive videos={…} />`, declares `video: videoModal` in its handle's modals and
 * loads the player's data with `loadVideoModal` (archive.server.ts). Playing a video is the URL
 * `?modal=video&video={id}`: a link, so it works without JavaScript; the player is a plain HTML5
 * `<video controls>` with a link to the file as fallback.
 */
export interface VideoItem {
  id: string;
  /** In the page language; "" when the configuration has none. */
  title: string;
  src: string;
  poster?: string;
  type?: string;
}

export interface VideoModalData {
  /** null: the URL names no video of the archive. */
  video: VideoItem | null;
  /** The action-only route play, pause and ended are posted to (with JavaScript). */
  trackUrl: string;
}

export const VIDEO_MODAL = "video";

/** The current URL with the player of `id` opened on top of the modal stack. */
function useVideoHref(): (id: string) => string {
  const location = useLocation();
  return (id) => {
    const params = new URLSearchParams(location.search);
    params.set("video", id);
    return location.pathname + searchWithModals(params, stackWithModal(modalStackOf(location.search), VIDEO_MODAL));
  };
}

export function VideoArchive({ videos }: { videos: readonly VideoItem[] }) {
  const { t } = useTranslation("pages");
  const videoHref = useVideoHref();
  if (videos.length === 0) return null;
  return (
    <section className="card" aria-labelledby="videos-title">
      <h2 id="videos-title">{t("videos.title")}</h2>
      <ul className="video-list">
        {videos.map((video) => (
          <li key={video.id}>
            <Link className="video-link" to={videoHref(video.id)} preventScrollReset data-modal-opener={VIDEO_MODAL}>
              {video.poster ? <img src={video.poster} alt="" width={192} height={108} loading="lazy" /> : null}
              <span>{t("videos.play", { title: video.title || t("videos.untitled") })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** With JavaScript: play, pause and ended are reported in the background; a failure is ignored. */
function reportPlayerEvent(trackUrl: string, videoId: string, action: "play" | "pause" | "ended") {
  return (event: SyntheticEvent<HTMLVideoElement>) => {
    const body = new URLSearchParams({ videoId, action, position: String(event.currentTarget.currentTime || 0) });
    fetch(trackUrl, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {});
  };
}

function VideoPlayer({ data, titleId }: ModalContentProps<VideoModalData>) {
  const { t } = useTranslation("pages");
  const video = data?.video;
  if (!data || !video) {
    return (
      <>
        <h2 id={titleId}>{t("videos.playerTitle")}</h2>
        <p>{t("videos.notFound")}</p>
      </>
    );
  }
  return (
    <div className="video-player">
      <h2 id={titleId}>{video.title || t("videos.untitled")}</h2>
      {/* The upstream's video list has no caption files to give a <track>: a gap of the data (decision 131). */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        controls
        preload="metadata"
        src={video.src}
        poster={video.poster}
        onPlay={reportPlayerEvent(data.trackUrl, video.id, "play")}
        onPause={reportPlayerEvent(data.trackUrl, video.id, "pause")}
        onEnded={reportPlayerEvent(data.trackUrl, video.id, "ended")}
      >
        <a href={video.src}>{t("videos.open")}</a>
      </video>
      <p>
        <a href={video.src} type={video.type} target="_blank" rel="noopener noreferrer">
          {t("videos.open")}
        </a>
      </p>
    </div>
  );
}

/** The player as a URL-addressed modal (`?modal=video&video={id}`, decision 060). */
export const videoModal: ModalDefinition<VideoModalData> = { width: "wide", Content: VideoPlayer };
