import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  chooseContentCoding,
  COMPRESSION_THRESHOLD,
  encodeDocument,
  MAX_ONE_CALL_BYTES,
  oneCallCoding,
} from "~/render/encode-document.server";

describe("decision 165: documents compressed in one call: the coding the compression middleware would choose", () => {
  it.each([
    ["gzip", "gzip"],
    ["gzip, deflate, br, zstd", "br"],
    ["deflate, gzip", "gzip"],
    ["deflate", "deflate"],
    ["gzip;q=0.5, br;q=0.8", "br"],
    ["br;q=0.2, gzip", "gzip"],
    ["BR, GZIP", "br"],
    ["zstd", "identity"],
    ["", "identity"],
    [null, "identity"],
    ["*", "br"],
    ["*;q=0.5, gzip", "gzip"],
    ["gzip;q=0, identity", "identity"],
    ["identity;q=0, gzip;q=0.1", "gzip"],
  ] as const)("Accept-Encoding %j: %s", (header, coding) => {
    expect(chooseContentCoding(header)).toBe(coding);
  });

  it("nothing acceptable (identity and everything else refused): null, the middleware answers", () => {
    expect(chooseContentCoding("identity;q=0")).toBeNull();
    expect(chooseContentCoding("*;q=0")).toBeNull();
  });

  it("only documents from the threshold up to the one-call limit are compressed here; the rest is the middleware's", () => {
    expect(oneCallCoding(11_000, 1, "gzip, br")).toBe("br");
    expect(oneCallCoding(MAX_ONE_CALL_BYTES, 1, "gzip")).toBe("gzip");
    expect(oneCallCoding(COMPRESSION_THRESHOLD, 6, "deflate")).toBe("deflate");
    // Too small to be worth it, as the middleware's own threshold; compression turned off.
    expect(oneCallCoding(COMPRESSION_THRESHOLD - 1, 1, "gzip")).toBeNull();
    expect(oneCallCoding(11_000, 0, "gzip")).toBeNull();
    // A long recruiter page: one call would hold the thread; the middleware's stream deflates it in the pool.
    expect(oneCallCoding(MAX_ONE_CALL_BYTES + 1, 1, "gzip")).toBeNull();
    expect(oneCallCoding(11_000, 1, "identity;q=0")).toBeNull();
  });

  it("a long header is read only in part and never throws", () => {
    expect(chooseContentCoding(`${"x;q=0.1,".repeat(10_000)}gzip`)).toBe("identity");
    expect(chooseContentCoding("gzip;q=abc")).toBe("gzip");
  });

  it("every coding decodes back to the document", () => {
    const html = Buffer.from(`<!DOCTYPE html><html lang="de"><body>${"<p>Grüße, ő</p>".repeat(200)}</body></html>`);
    expect(gunzipSync(encodeDocument(html, "gzip", 1)).equals(html)).toBe(true);
    expect(inflateSync(encodeDocument(html, "deflate", 6)).equals(html)).toBe(true);
    expect(brotliDecompressSync(encodeDocument(html, "br", 1)).equals(html)).toBe(true);
    expect(encodeDocument(html, "identity", 1)).toBe(html);
    expect(encodeDocument(html, "gzip", 1).length).toBeLessThan(html.length / 5);
  });
});
