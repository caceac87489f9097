/**
 * The videos of the video archive and player (spec §2), from the customer's configuration. They must be
 * an array (spec §5, R-VAL-10).
 */

/** A text in one language, or per language code (de, de-DU, en_GB, hu, it). */
export type LocalizedText = string | Readonly<Record<string, string>>;

export interface Video {
  id: string;
  title: LocalizedText;
  /** URL of the video file; may be root-relative. */
  src: string;
  poster?: string;
  /** MIME type, e.g. video/webm. */
  type?: string;
}

/** R-VAL-10: the spec's message, word for word (including its "and"). */
export const VIDEOS_NOT_AN_ARRAY_MESSAGE = "addVideos expects and Array";

export class VideosNotAnArrayError extends TypeError {
  constructor() {
    super(VIDEOS_NOT_AN_ARRAY_MESSAGE);
    this.name = "VideosNotAnArrayError";
  }
}

const isNonBlankString = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

const isLocalizedText = (value: unknown): value is LocalizedText =>
  typeof value === "string" ||
  (typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((text) => typeof text === "string"));

function isVideo(item: unknown): item is Video {
  if (typeof item !== "object" || item === null) return false;
  const video = item as Record<string, unknown>;
  return (
    isNonBlankString(video.id) &&
    isNonBlankString(video.src) &&
    isLocalizedText(video.title) &&
    (video.poster === undefined || typeof video.poster === "string") &&
    (video.type === undefined || typeof video.type === "string")
  );
}

/**
 * R-VAL-10: the videos a configuration adds to the archive. Anything but an array throws
 * VideosNotAnArrayError ('addVideos expects and Array'); an entry that is not a video (no id, no src, a
 * title that is no text) is left out, so one bad entry hides one video, not the archive.
 */
export function addVideos(value: unknown): Video[] {
  if (!Array.isArray(value)) throw new VideosNotAnArrayError();
  return value.filter(isVideo).map((video) => ({ ...video }));
}

/** The title in the language, else in the first fallback language that has one, else any; "" when none. */
export function videoTitle(video: Pick<Video, "title">, language: string, fallbackLanguages: readonly string[] = []): string {
  if (typeof video.title === "string") return video.title;
  const titles = video.title;
  const found = [language, ...fallbackLanguages].find((code) => titles[code] !== undefined);
  return found !== undefined ? titles[found] : (Object.values(titles)[0] ?? "");
}
