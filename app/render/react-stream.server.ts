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

/**
 * The document stream between React and the response: drops React's NUL padding (above) and hands
 * on what React writes in one go (the whole shell of a page, written synchronously by pipe()) as one
 * chunk instead of a 2 KiB view at a time. Remix's adapter writes each chunk to the response and
 * flushes the compression after each one, so every view was deflated with a sync flush of its own
 * and written with a system call of its own: most of a page's zlib and stream time (issue 13 part 3,
 * decision 112). Later writes (streamed Suspense content) go out in the tick they were written in.
 */
export function withoutReactNullPadding(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
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
      release();
      callback();
    },
  });
  function release() {
    scheduled = false;
    if (pending.length === 0 || stream.destroyed) return;
    const chunks = pending;
    pending = [];
    stream.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }
  return stream;
}
