/**
 * Device detection (spec §9, R-CON-02): mobile if the user agent matches a tablet or phone pattern,
 * else desktop. Used server-side for the smartphone variants (report in a new tab, completion notice).
 */
export type Device = "mobile" | "desktop";

export const TABLET_PATTERNS: readonly RegExp[] = [
  /\biPad\b/i,
  /\bTablet\b/i,
  // Android tablets leave "Mobile" out of their user agent; phones keep it.
  /\bAndroid\b(?!.*\bMobile\b)/i,
  /\bKindle\b|\bSilk\b/i,
  /\bPlayBook\b/i,
];

export const PHONE_PATTERNS: readonly RegExp[] = [
  /\biPhone\b|\biPod\b/i,
  /\bAndroid\b.*\bMobile\b/i,
  /\bWindows Phone\b|\bIEMobile\b/i,
  /\bBlackBerry\b|\bBB10\b/i,
  /\bOpera Mini\b|\bOpera Mobi\b/i,
  /\bwebOS\b/i,
  /\bMobile\b/i,
];

export function isTabletUserAgent(userAgent: string): boolean {
  return TABLET_PATTERNS.some((pattern) => pattern.test(userAgent));
}

export function isPhoneUserAgent(userAgent: string): boolean {
  return PHONE_PATTERNS.some((pattern) => pattern.test(userAgent));
}

/**
 * R-CON-02. No user agent is desktop. iPadOS in its default "desktop site" mode sends a Mac user agent and
 * is therefore desktop here: the server cannot tell it apart (docs/decisions/026).
 */
export function detectDevice(userAgent: string | null | undefined): Device {
  if (!userAgent) return "desktop";
  return isTabletUserAgent(userAgent) || isPhoneUserAgent(userAgent) ? "mobile" : "desktop";
}
