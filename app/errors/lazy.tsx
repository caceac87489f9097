import { useMatches, useRouteError, type MetaDescriptor } from "@remix-run/react";
import { useContext } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { deferredModule } from "~/components/deferred";
import type { BoundaryCustomer } from "./boundary";
import { isChunkLoadError } from "./chunk";
import { ConnectionLostBoundaryView } from "./connection-lost";
import type { ErrorDialogsProps } from "./error-dialogs";
import { errorPageTitle, type RootForTitle } from "./error-title";
import { SHOWN_ERRORS_KEY } from "./shown-error";

/**
 * The error UI (app/errors/error-ui.ts: the boundary's view, the dialogs, the catalogue) is no part
 * of a page's hydration (decision 114): the browser loads it when an error is shown first. A lost
 * connection, which keeps that chunk from loading too, has its own small view in the shell (spec §8
 * "Chunk", app/errors/connection-lost.tsx, decision 164).
 */
export const errorUi = deferredModule(() => import("./error-ui"), "error UI");

const DeferredRouteErrorView = errorUi.component((module) => module.RouteErrorView);

/**
 * The error view of a route's ErrorBoundary (app/errors/boundary.tsx's RouteErrorView, loaded apart).
 * Pages use this one: importing boundary.tsx instead puts the error UI into their bundles (decision 114;
 * tests/unit/error-ui-bundle.test.ts fails then).
 */
export function LazyRouteErrorView(props: { customer?: BoundaryCustomer }) {
  const error = useRouteError();
  return isChunkLoadError(error) ? <ConnectionLostBoundaryView {...props} /> : <DeferredRouteErrorView {...props} />;
}

const DeferredErrorDialogs = errorUi.component((module) => module.ErrorDialogs);

function carriesShownErrors(value: unknown): boolean {
  return Boolean(value && typeof value === "object" && SHOWN_ERRORS_KEY in value);
}

/**
 * The error dialogs over the page (app/errors/error-dialogs.tsx's ErrorDialogs, loaded apart), only when
 * the page's data carries errors. Like LazyRouteErrorView, the one pages use (decision 114).
 */
export function LazyErrorDialogs(props: ErrorDialogsProps) {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const matches = useMatches();
  const any = Object.values(state?.actionData ?? {}).some(carriesShownErrors) || matches.some((match) => carriesShownErrors(match.data));
  return any ? <DeferredErrorDialogs {...props} /> : null;
}

/**
 * The title of an error page. A lost connection's comes from the shell; otherwise, hydrating a
 * server-rendered error before the chunk is in, the browser keeps the server's title (the document's
 * own), later the main error's.
 */
export function errorTitleMeta(error: unknown, root: RootForTitle): MetaDescriptor[] {
  if (isChunkLoadError(error)) return errorPageTitle("Chunk", root);
  if (errorUi.current) return errorUi.current.errorTitleMeta(error, root);
  void errorUi.load().catch(() => {});
  return [{ title: document.title }];
}
