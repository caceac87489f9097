import { useMatches, type MetaDescriptor } from "@remix-run/react";
import { useContext } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { deferredModule } from "~/components/deferred";
import type { ErrorDialogsProps } from "./error-dialogs";
import { SHOWN_ERRORS_KEY } from "./shown-error";

/**
 * The error UI (app/errors/error-ui.ts: the boundary's view, the dialogs, the catalogue) is no part
 * of a page's hydration (decision 114). The browser loads it right after hydration (preloadErrorUi, so
 * it is there when the connection is lost later) or when an error is shown first.
 */
export const errorUi = deferredModule(() => import("./error-ui"), "error UI");

/** After hydration, when the browser has nothing else to do. */
export function preloadErrorUi(): void {
  const start = () => void errorUi.load().catch(() => {});
  if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

/** The error view of a route's ErrorBoundary (app/errors/boundary.tsx). */
export const RouteErrorView = errorUi.component((module) => module.RouteErrorView);

const Dialogs = errorUi.component((module) => module.ErrorDialogs);

function carriesShownErrors(value: unknown): boolean {
  return Boolean(value && typeof value === "object" && SHOWN_ERRORS_KEY in value);
}

/** The error dialogs over the page (app/errors/error-dialogs.tsx), only when the page's data carries errors. */
export function ErrorDialogs(props: ErrorDialogsProps) {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const matches = useMatches();
  const any = Object.values(state?.actionData ?? {}).some(carriesShownErrors) || matches.some((match) => carriesShownErrors(match.data));
  return any ? <Dialogs {...props} /> : null;
}

type TitleArgs = Parameters<typeof import("./error-ui").errorTitleMeta>;

/**
 * The title of an error page. Hydrating a server-rendered error before the chunk is in, the browser
 * keeps the server's title (the document's own); otherwise the main error's title.
 */
export function errorTitleMeta(...args: TitleArgs): MetaDescriptor[] {
  if (errorUi.current) return errorUi.current.errorTitleMeta(...args);
  void errorUi.load().catch(() => {});
  return [{ title: document.title }];
}
