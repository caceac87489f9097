/**
 * Spec §8 "Chunk": a script chunk that cannot be loaded ('Loading chunk N failed', type missing,
 * error or time-out after 120 s) shows "Connection lost" (title "Network error"). With Remix and
 * Vite the same situation is a failed dynamic import() or a failed fetch of the route data or
 * manifest during a client navigation: the connection is gone while the page is open
 * (docs/decisions/009-client-error-reports.md).
 */
export const CHUNK_TIMEOUT_MS = 120_000;

/** webpack's error for the same case, kept so code loading its own chunks can speak the same language. */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
  constructor(
    readonly type: "missing" | "error" | "timeout",
    readonly request = "",
  ) {
    super(`Loading chunk ${request} failed. (${type}: ${request})`);
  }
}

const CHUNK_MESSAGE =
  /Loading (CSS )?chunk \S+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;
/** The browsers' words for a fetch that never got an answer (Chrome, Firefox, Safari, React Native). */
const NETWORK_MESSAGE = /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed)/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "ChunkLoadError") return true;
  if (typeof message !== "string") return false;
  if (CHUNK_MESSAGE.test(message)) return true;
  return name === "TypeError" && NETWORK_MESSAGE.test(message);
}

/** A dynamic import with the spec's 120 s time-out: late chunks fail like missing ones. */
export function importWithTimeout<T>(load: () => Promise<T>, request = "", timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError("timeout", request)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isChunkLoadError(error) ? error : new ChunkLoadError("error", request));
      },
    );
  });
}
