import { Transform } from "node:stream";

/**
 * React 18.3's renderToPipeableStream encodes HTML into 2,048-byte views. When a multi-byte UTF-8
 * character does not fit at the end of a view, it still sends the whole view, with one to three
 * unwritten zero bytes at its end (facebook/react#24985, fixed by #26228 in React 19 only). Those
 * NUL bytes landed inside pages, e.g. in the middle of a name with umlauts that a form showed again
 * (found by the fuzz tests, docs/decisions/102). This transform drops them: only full views can
 * carry them, and never more than three.
 */
export const REACT_VIEW_SIZE = 2048;

function withoutPadding(chunk: Buffer): Buffer {
  if (chunk.length !== REACT_VIEW_SIZE || chunk[chunk.length - 1] !== 0) return chunk;
  let end = chunk.length;
  while (end > chunk.length - 3 && chunk[end - 1] === 0) end--;
  return chunk.subarray(0, end);
}

/** The stream between React and the response, with the whole document when React finished it at once. */
export interface DocumentStream extends Transform {
  /**
   * Call right before pipe(). Resolves with the whole document when React has written all of it and
   * ended the stream by the end of the current tick (pipe() from onAllReady: React writes the
   * finished document synchronously and ends the stream when its onAllReady callback has returned).
   * The stream then hands on nothing. Null when content is still to come: the stream goes on as below.
   */
  whole(): Promise<Buffer | null>;
}

/**
 * The document stream between React and the response: drops React's NUL padding (above) and hands on
 * what React writes in one go (the whole shell of a page, written synchronously by pipe()) as one
 * chunk instead of a 2 KiB view at a time. Remix's adapter writes each chunk to the response and
 * flushes the compression after each one, so every view was deflated with a sync flush of its own and
 * written with a system call of its own: most of a page's zlib and stream time (decision 112). Later
 * writes (streamed Suspense content) go out in the tick they were written in.
 */
export function withoutReactNullPadding(): DocumentStream {
  let pending: Buffer[] = [];
  let scheduled = false;
  let taken = false;
  let pushed = false;
  let awaitingWhole = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(withoutPadding(chunk));
      if (!scheduled) {
        scheduled = true;
        process.nextTick(release);
      }
      callback();
    },
    flush(callback) {
      // Ended before whole()'s tick: that tick takes the document.
      if (!awaitingWhole) release();
      callback();
    },
  }) as DocumentStream;
  function release() {
    scheduled = false;
    if (taken || pending.length === 0 || stream.destroyed) return;
    const chunks = pending;
    pending = [];
    pushed = true;
    stream.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }
  stream.whole = () =>
    new Promise((resolve) => {
      awaitingWhole = true;
      // Queued before pipe() writes anything, so this tick runs before release()'s.
      process.nextTick(() => {
        awaitingWhole = false;
        // writableLength 0: every written chunk went through transform(), and none has been handed on.
        if (taken || pushed || !stream.writableEnded || stream.writableLength > 0) {
          release();
          return resolve(null);
        }
        taken = true;
        resolve(pending.length === 1 ? pending[0] : Buffer.concat(pending));
        pending = [];
      });
    });
  return stream;
}
