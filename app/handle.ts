/**
 * Route metadata (`export const handle`). The layout comes from the deepest route that names one
 * and defaults to Dashboard (R-LAY-01).
 */
import type { ModalDefinitions } from "~/modals/definitions";

export type LayoutName = "landing" | "dashboard" | "error";

export interface RouteHandle {
  layout?: LayoutName;
  /** The modals this route supports (`?modal=name`), see app/modals/modal.tsx. */
  modals?: ModalDefinitions;
}

export function layoutFromMatches(matches: ReadonlyArray<{ handle?: unknown }>): LayoutName {
  for (let index = matches.length - 1; index >= 0; index--) {
    const layout = (matches[index].handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return "dashboard";
}
