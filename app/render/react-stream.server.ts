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

export function withoutReactNullPadding(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (chunk.length !== REACT_VIEW_SIZE || chunk[chunk.length - 1] !== 0) return callback(null, chunk);
      let end = chunk.length;
      while (end > chunk.length - 3 && chunk[end - 1] === 0) end--;
      callback(null, chunk.subarray(0, end));
    },
  });
}
