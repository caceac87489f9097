/**
 * What the home page decides without the server's help: which variant it is, whether the area shows
 * a side panel, and which completion notice applies (R-SCR-07, docs/decisions/031).
 */
export type HomeVariant = "home" | "home-on-site";

/** Areas whose home has a side panel (spec §2: the trainee area and the side-panel area). */
export const SIDE_PANEL_AREAS: ReadonlySet<string> = new Set(["trainee", "side-panel"]);

export function homeHasSidePanel(areaName: string): boolean {
  return SIDE_PANEL_AREAS.has(areaName);
}

/**
 * R-SCR-07: all modules done, in the variants default / on-site / after training, with or without the
 * report download, and for smartphones. The key names the translated text (dashboard:completion.*).
 */
export interface CompletionNotice {
  variant: "default" | "on-site" | "training";
  /** The report can be downloaded (the profile has one, the area has the page, not on-site). */
  report: boolean;
  smartphone: boolean;
}

export function completionNotice(input: { onSite: boolean; training: boolean; report: boolean; smartphone: boolean }): CompletionNotice {
  const variant = input.onSite ? "on-site" : input.training ? "training" : "default";
  return { variant, report: variant !== "on-site" && input.report, smartphone: input.smartphone };
}

/** The translation key of a completion notice's text. */
export function completionTextKey(notice: CompletionNotice): string {
  if (notice.variant === "on-site") return "completion.onSite";
  const base = notice.variant === "training" ? "completion.training" : "completion.default";
  if (!notice.report) return `${base}NoReport`;
  return notice.smartphone ? `${base}ReportSmartphone` : `${base}Report`;
}
