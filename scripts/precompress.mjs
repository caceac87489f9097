// Compresses the client build's text assets once, at build time: file.br (brotli, quality 11) and file.gz (gzip
// by zopfli, about 3 % smaller than zlib's level 9) beside each file, which server/static-assets.ts serves to
// browsers that accept them (docs/decisions/180). A variant that would not be smaller is not written.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const brotli = promisify(brotliCompress);

/** Text formats worth compressing; images and fonts of the build are compressed formats already. */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|xml|webmanifest)$/;
/** Below this a compressed answer saves less than its headers cost. */
export const MIN_BYTES = 1024;

export async function precompress(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let written = 0;
  let rawBytes = 0;
  let brBytes = 0;
  let gzBytes = 0;
  // Both codings of every file at once: zlib runs them on libuv's thread pool.
  await Promise.all(
    files.map(async (file) => {
      const raw = readFileSync(file);
      if (raw.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        // One iteration: 15 (zopfli's default) saved 0.2 % more for a quarter more time.
        gzipAsync(raw, { numiterations: 1 }),
      ]);
      rawBytes += raw.length;
      if (br.length < raw.length) {
        writeFileSync(`${file}.br`, br);
        brBytes += br.length;
        written++;
      }
      if (gz.length < raw.length) {
        writeFileSync(`${file}.gz`, gz);
        gzBytes += gz.length;
        written++;
      }
    }),
  );
  return { files: files.length, written, rawBytes, brBytes, gzBytes };
}
