import { describe, expect, it, vi } from "vitest";
import { ChunkLoadError, CHUNK_TIMEOUT_MS, importWithTimeout, isChunkLoadError } from "~/errors/chunk";
import { describeRouteError } from "~/errors/route-error";

describe("spec §8 Chunk: a chunk that cannot be loaded shows 'Connection lost'", () => {
  it("R-CAT-01 webpack's ChunkLoadError ('Loading chunk N failed', type missing, error or timeout)", () => {
    for (const type of ["missing", "error", "timeout"] as const) expect(isChunkLoadError(new ChunkLoadError(type, "5"))).toBe(true);
    expect(
      isChunkLoadError(Object.assign(new Error("Loading chunk 12 failed.\n(timeout: /js/chunks/12.js)"), { name: "ChunkLoadError" })),
    ).toBe(true);
    expect(isChunkLoadError(new Error("Loading CSS chunk 3 failed."))).toBe(true);
  });

  it("R-CAT-01 a failed dynamic import() of Vite / the browsers", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: http://x/assets/_cstm.home-abc.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/app.css"))).toBe(true);
  });

  it("R-CAT-01 a navigation's data or manifest fetch that got no answer (the connection is gone)", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(true);
    expect(isChunkLoadError(new TypeError("NetworkError when attempting to fetch resource."))).toBe(true);
    expect(isChunkLoadError(new TypeError("Load failed"))).toBe(true);
  });

  it("other errors are not chunk errors", () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isChunkLoadError(new Error("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError("Loading chunk 1 failed")).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it("R-API-04 a dynamic import not done within 120 s fails as a chunk time-out", async () => {
    vi.useFakeTimers();
    try {
      const never = importWithTimeout(() => new Promise<never>(() => {}), "/assets/video-player.js");
      const outcome = never.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
      const error = await outcome;
      expect(error).toBeInstanceOf(ChunkLoadError);
      expect((error as ChunkLoadError).type).toBe("timeout");
      await expect(importWithTimeout(() => Promise.resolve({ ok: 1 }))).resolves.toEqual({ ok: 1 });
      await expect(importWithTimeout(() => Promise.reject(new Error("syntax")), "x.js")).rejects.toMatchObject({
        name: "ChunkLoadError",
        type: "error",
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("R-SCR-13 the boundary shows Chunk for it, and reports it as an error of this browser", () => {
    expect(describeRouteError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"), true)).toEqual({
      payload: { kind: "catalogue", errors: [{ code: "Chunk" }] },
      inBrowser: true,
    });
  });
});

describe("what a boundary makes of other errors", () => {
  it("R-CAT-02 a render error in the browser is C01 with a configuration, E01 without", () => {
    expect(describeRouteError(new TypeError("x is undefined"), true).payload.errors).toEqual([{ code: "C01" }]);
    expect(describeRouteError(new TypeError("x is undefined"), false).payload.errors).toEqual([{ code: "E01" }]);
    expect(describeRouteError(new TypeError("x is undefined"), true).inBrowser).toBe(true);
  });

  it("a server error Remix sanitized is E01 and was reported by the server already", () => {
    expect(describeRouteError(new Error("Unexpected Server Error"), true)).toEqual({
      payload: { kind: "catalogue", errors: [{ code: "E01" }] },
      inBrowser: false,
    });
  });
});
