import { describe, expect, it } from "vitest";
import { chooseCoding, type PrecompressedCoding } from "../../server/static-assets";

/** Decision 180: which build-time coding of an asset a client gets, from its Accept-Encoding (RFC 9110 §12.5.3). */
const both = new Set<PrecompressedCoding>(["br", "gzip"]);
const gzipOnly = new Set<PrecompressedCoding>(["gzip"]);

describe("decision 180: choosing a precompressed coding", () => {
  it("takes brotli when the client weighs it like gzip, whatever order it lists them in", () => {
    expect(chooseCoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseCoding("br, gzip", both)).toBe("br");
    expect(chooseCoding("GZIP, BR", both)).toBe("br");
  });

  it("follows the client's weights, and q=0 refuses", () => {
    expect(chooseCoding("br;q=0.5, gzip;q=0.9", both)).toBe("gzip");
    expect(chooseCoding("br; q=0, gzip", both)).toBe("gzip");
    expect(chooseCoding("br;q=0, gzip;q=0", both)).toBeNull();
    expect(chooseCoding("gzip;q=0.001", gzipOnly)).toBe("gzip");
  });

  it("reads * as every coding the header does not name, and x-gzip as gzip", () => {
    expect(chooseCoding("*", both)).toBe("br");
    expect(chooseCoding("gzip;q=1, *;q=0", both)).toBe("gzip");
    expect(chooseCoding("x-gzip", both)).toBe("gzip");
  });

  it("sends the file as it is without a header, for codings it has no file of, and for malformed weights", () => {
    expect(chooseCoding(undefined, both)).toBeNull();
    expect(chooseCoding("", both)).toBeNull();
    expect(chooseCoding("deflate, identity", both)).toBeNull();
    expect(chooseCoding("br", gzipOnly)).toBeNull();
    expect(chooseCoding("br;q=2, gzip;q=abc", both)).toBeNull();
    expect(chooseCoding(" , ;q=1, br ;q=0.8", both)).toBe("br");
  });
});
