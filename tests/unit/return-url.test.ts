import { describe, expect, it } from "vitest";
import { normalizeReturnUrl, returnTarget } from "../../api/engine/return-url";

/**
 * Decision 092: the engine's return URL is checked after normalisation, so no spelling of
 * another host gets through (the engine's last page sends the whole window there).
 */
const APP = "https://app.example";

const BYPASSES = [
  // dot segments that normalise to a protocol-relative "//host"
  "/..//evil.example",
  "/../..//evil.example/x",
  "/.//evil.example",
  "/a/..//evil.example",
  "/a/b/../..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/%2e//evil.example",
  "/./%2e%2e//evil.example",
  // protocol-relative and its encoded or backslashed spellings
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/%2f/evil.example",
  "/%2F%2Fevil.example",
  "/%5c/evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  // tabs, newlines and other control characters that browsers strip
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  "/\u0000/evil.example",
  " //evil.example",
  // schemes and hosts
  "https://evil.example/demo",
  "http://evil.example",
  "https:evil.example",
  "https:/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox",
  "ftp://app.example/x",
  "https://app.example@evil.example/",
  "https://evil.example#@app.example/",
  "https://user:pass@app.example/x",
  "https://app.example.evil.example/x",
  "http://app.example/x",
  "https://app.example:444/x",
  "https://app.example//evil.example",
  "https://app.example/..//evil.example",
  // not a path at all
  "demo/relative",
  "evil.example",
  "",
  `/${"a".repeat(2001)}`,
];

describe("R-API-04 return-URL check after normalisation (decision 092)", () => {
  for (const value of BYPASSES) {
    it(`refuses ${JSON.stringify(value).slice(0, 60)}`, () => {
      expect(normalizeReturnUrl(value, APP)).toBeNull();
    });
  }

  it("keeps the app's own paths and URLs, normalised", () => {
    expect(normalizeReturnUrl("/demo/assessment/31?step=2", APP)).toBe("/demo/assessment/31?step=2");
    expect(normalizeReturnUrl("/demo/x/../assessment/31", APP)).toBe("/demo/assessment/31");
    expect(normalizeReturnUrl("/demo/./home#top", APP)).toBe("/demo/home");
    expect(normalizeReturnUrl("/..", APP)).toBe("/");
    expect(normalizeReturnUrl("https://app.example/demo/home?x=1", APP)).toBe("https://app.example/demo/home?x=1");
    expect(normalizeReturnUrl("HTTPS://APP.EXAMPLE/demo/home", APP)).toBe("https://app.example/demo/home");
  });

  it("every accepted value becomes a form action on the app's own origin", () => {
    for (const value of ["/demo/x/../assessment/31?a=b", "/%2e%2e/demo/home", "https://app.example/demo/home?q=1"]) {
      const normalized = normalizeReturnUrl(value, APP);
      expect(normalized, value).not.toBeNull();
      const target = returnTarget(normalized!);
      expect(new URL(target.action, APP).origin, value).toBe(APP);
    }
  });
});
