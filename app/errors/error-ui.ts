/**
 * Everything the browser needs only when an error is shown (decision 114): the boundary's error view,
 * the error dialogs, the catalogue and the error page's title. One chunk, loaded by app/errors/lazy.tsx
 * when an error is shown, never part of the hydration; a lost connection (spec §8 "Chunk") has its own
 * view in the shell (app/errors/connection-lost.tsx, decision 164).
 */
import type { MetaDescriptor } from "@remix-run/react";
import { errorPageTitle, type RootForTitle } from "./error-title";
import { describeRouteError } from "./route-error";
import { selectMainError } from "./selection";

export { RouteErrorView } from "./boundary";
export { ErrorDialogs } from "./error-dialogs";

/** The title of an error page: its main error's (app/errors/error-title.ts). */
export function errorTitleMeta(error: unknown, root: RootForTitle): MetaDescriptor[] {
  return errorPageTitle(selectMainError(describeRouteError(error, false).payload.errors)?.main.code, root);
}
