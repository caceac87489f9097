import { describe, expect, it } from "vitest";
import { addVideos, videoTitle, VideosNotAnArrayError } from "~/domain/videos";

const welcome = {
  id: "welcome",
  title: { "de-DU": "Willkommen", en_GB: "Welcome" },
  src: "/api/media/welcome.webm",
  poster: "/api/media/welcome-poster.svg",
  type: "video/webm",
};

describe("videos", () => {
  it("R-VAL-10 videos must be an array: anything else fails with 'addVideos expects and Array'", () => {
    for (const value of [undefined, null, "welcome", 3, {}, { 0: welcome, length: 1 }, welcome]) {
      expect(() => addVideos(value), JSON.stringify(value) ?? "undefined").toThrow(VideosNotAnArrayError);
    }
    expect(() => addVideos({})).toThrow(TypeError);
    expect(() => addVideos("x")).toThrowError(/^addVideos expects and Array$/);
  });

  it("R-VAL-10 an array of videos is accepted, an empty one too", () => {
    expect(addVideos([welcome])).toEqual([welcome]);
    expect(addVideos([])).toEqual([]);
  });

  it("R-VAL-10 entries that are not videos are left out of the archive", () => {
    const videos = addVideos([
      welcome,
      { id: "no-src", title: "Ohne Quelle" },
      { id: "", title: "Ohne id", src: "/a.webm" },
      { id: "bad-title", title: 7, src: "/b.webm" },
      "welcome",
      null,
      { id: "plain", title: "Einfach", src: "/c.webm" },
    ]);
    expect(videos.map((video) => video.id)).toEqual(["welcome", "plain"]);
  });

  it("R-SCR-10 the player shows the title in the language, else a fallback language, else any", () => {
    expect(videoTitle(welcome, "en_GB")).toBe("Welcome");
    expect(videoTitle(welcome, "hu", ["de-DU"])).toBe("Willkommen");
    expect(videoTitle(welcome, "it")).toBe("Willkommen");
    expect(videoTitle({ title: "Nur Deutsch" }, "en_GB")).toBe("Nur Deutsch");
    expect(videoTitle({ title: {} }, "de")).toBe("");
  });
});
