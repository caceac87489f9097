import { describe, expect, it } from "vitest";
import { formatDate } from "~/i18n/format-date";

describe("dates as the visitor's language writes them", () => {
  it("R-SCR-05 a day is written in each language, the same on every call, whatever its time of day (decision 106)", () => {
    expect(formatDate("2026-11-12", "de-DU")).toBe("12. November 2026");
    expect(formatDate("2026-11-12T23:59:59+05:00", "de")).toBe("12. November 2026");
    expect(formatDate("2026-11-12", "en_GB")).toBe("12 November 2026");
    expect(formatDate("2026-11-12", "hu")).toBe("2026. november 12.");
    expect(formatDate("2026-11-12", "it")).toBe("12 novembre 2026");
    // Cached per language and day: the second call answers the same, another day its own text.
    expect(formatDate("2026-11-12", "en_GB")).toBe("12 November 2026");
    expect(formatDate("2026-11-13", "en_GB")).toBe("13 November 2026");
  });

  it("R-SCR-05 what is no date is shown as it came", () => {
    expect(formatDate("not a date", "en_GB")).toBe("not a date");
    expect(formatDate("not a date", "en_GB")).toBe("not a date");
    expect(formatDate("", "de")).toBe("");
  });
});
