import type { SyntheticEvent } from "react";
import { useTranslation } from "~/i18n/react";
import type { ModalContentProps } from "~/modals/route-modals";
import type { VideoModalData } from "./video-archive";

/** The video player of the archive's modal (video-archive.tsx): loaded when it opens (decision 162). */

/** With JavaScript: play, pause and ended are reported in the background; a failure is ignored. */
function reportPlayerEvent(trackUrl: string, videoId: string, action: "play" | "pause" | "ended") {
  return (event: SyntheticEvent<HTMLVideoElement>) => {
    const body = new URLSearchParams({ videoId, action, position: String(event.currentTarget.currentTime || 0) });
    fetch(trackUrl, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {});
  };
}

export function VideoPlayer({ data, titleId }: ModalContentProps<VideoModalData>) {
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
