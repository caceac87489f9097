import { useTranslation } from "~/i18n/react";
import { deferredModule } from "~/components/deferred";
import type { ModalDefinition } from "~/modals/route-modals";
import { ModalLink } from "~/modals/modal-link";

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

export function VideoArchive({ videos }: { videos: readonly VideoItem[] }) {
  const { t } = useTranslation("pages");
  if (videos.length === 0) return null;
  return (
    <section className="card" aria-labelledby="videos-title">
      <h2 id="videos-title">{t("videos.title")}</h2>
      <ul className="video-list">
        {videos.map((video, index) => (
          <li key={video.id}>
            <ModalLink className="video-link" modal={VIDEO_MODAL} params={{ video: video.id }}>
              {/* The first poster is in view on a phone and often the page's largest paint: fetched at once,
                  the later ones when they come near the view (decision 189). */}
              {video.poster ? <img src={video.poster} alt="" width={192} height={108} loading={index === 0 ? undefined : "lazy"} /> : null}
              <span>{t("videos.play", { title: video.title || t("videos.untitled") })}</span>
            </ModalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The player as a URL-addressed modal (`?modal=video&video={id}`, decision 060). It loads when it opens,
 * not with the page's hydration (decision 162).
 */
export const videoModal: ModalDefinition<VideoModalData> = {
  width: "wide",
  Content: deferredModule(() => import("./video-player"), "video player").component((module) => module.VideoPlayer),
};
