/**
 * Text colour on the customer's brand colour: black or white, whichever contrasts more (WCAG
 * relative luminance), so any configured colour keeps buttons and the current menu entry readable.
 */
export function textColourOn(hex: string): "#000" | "#fff" {
  let digits = hex.replace("#", "");
  if (digits.length === 3 || digits.length === 4) digits = [...digits.slice(0, 3)].map((digit) => digit + digit).join("");
  const channel = (offset: number) => {
    const value = parseInt(digits.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? "#fff" : "#000";
}
