import { describe, expect, it } from "vitest";
import { detectDevice, isPhoneUserAgent, isTabletUserAgent } from "~/domain/device";

const UA = {
  iPhone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  androidPhone: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  samsungPhone:
    "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
  firefoxAndroid: "Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0",
  windowsPhone:
    "Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063",
  operaMini: "Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54",
  blackBerry: "Mozilla/5.0 (BB10; Touch) AppleWebKit/537.10+ (KHTML, like Gecko) Version/10.1.0.4633 Mobile Safari/537.10+",
  // Caught only by the generic "Mobile" token.
  kaiOS: "Mozilla/5.0 (Mobile; Nokia_8110_4G; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5",
  iPad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  androidTablet: "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  kindle:
    "Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/124.2.1 like Chrome/124.0.6367.179 Safari/537.36",
  firefoxTablet: "Mozilla/5.0 (Android 14; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0",
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  curl: "curl/8.5.0",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

describe("device detection", () => {
  it("R-CON-02 phones are mobile", () => {
    for (const name of [
      "iPhone",
      "androidPhone",
      "samsungPhone",
      "firefoxAndroid",
      "windowsPhone",
      "operaMini",
      "blackBerry",
      "kaiOS",
    ] as const) {
      expect(isPhoneUserAgent(UA[name]), name).toBe(true);
      expect(detectDevice(UA[name]), name).toBe("mobile");
    }
  });

  it("R-CON-02 tablets are mobile", () => {
    for (const name of ["iPad", "androidTablet", "kindle", "firefoxTablet"] as const) {
      expect(isTabletUserAgent(UA[name]), name).toBe(true);
      expect(detectDevice(UA[name]), name).toBe("mobile");
    }
  });

  it("R-CON-02 an Android tablet is a tablet, not a phone", () => {
    expect(isPhoneUserAgent(UA.androidTablet)).toBe(false);
    expect(isTabletUserAgent(UA.androidPhone)).toBe(false);
  });

  it("R-CON-02 everything else is desktop", () => {
    for (const name of ["chromeWindows", "edgeWindows", "safariMac", "firefoxLinux", "curl", "googlebot"] as const) {
      expect(detectDevice(UA[name]), name).toBe("desktop");
    }
  });

  it("R-CON-02 no user agent is desktop", () => {
    expect(detectDevice(undefined)).toBe("desktop");
    expect(detectDevice(null)).toBe("desktop");
    expect(detectDevice("")).toBe("desktop");
  });
});
