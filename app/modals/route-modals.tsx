import { useLocation, useMatches, type ShouldRevalidateFunction } from "@remix-run/react";
import type { RouteHandle } from "~/handle";
import { defineModals, type ModalContentProps, type ModalDefinition, type ModalDefinitions } from "./definitions";
import { deferredModule } from "~/components/deferred";
import { modalStackOf, onlyClosesModals, searchWithModals, searchWithoutModals } from "./stack";

export { defineModals, type ModalContentProps, type ModalDefinition, type ModalDefinitions };

export interface OpenModal {
  name: string;
  definition: ModalDefinition<unknown>;
  data: unknown;
  /** The URL with the modals above this one closed, and this one too. */
  closeHref: string;
}

/**
 * The open modals of this URL that a matched route declares, bottom first. A modal named in the URL
 * that no route on the page declares is ignored (the stack is built from the declared ones only).
 */
export function useRouteModals(): OpenModal[] {
  const matches = useMatches();
  const location = useLocation();
  const declared = new Map<string, { definition: ModalDefinition<unknown>; data: unknown }>();
  for (const match of matches) {
    const modals = (match.handle as RouteHandle | undefined)?.modals;
    if (!modals) continue;
    const data = (match.data as { modals?: Record<string, unknown> } | undefined)?.modals;
    for (const [name, definition] of Object.entries(modals)) declared.set(name, { definition, data: data?.[name] });
  }
  const stack = modalStackOf(location.search).filter((name) => declared.has(name));
  return stack.map((name, index) => ({
    name,
    ...declared.get(name)!,
    closeHref: location.pathname + searchWithModals(location.search, stack.slice(0, index)),
  }));
}

const modalUi = deferredModule(() => import("./open-modals"), "modal UI");

/** The open modals as dialogs (open-modals.tsx), loaded when the first one opens (decision 114). */
export const RouteModals = modalUi.component((module) => module.OpenModals);

/**
 * For routes with modals: closing a modal needs no new data, so it costs no server round trip.
 * Opening one revalidates as usual (its content is loaded by the loader).
 */
export const revalidateUnlessModalsClose: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    searchWithoutModals(currentUrl.search) === searchWithoutModals(nextUrl.search) &&
    onlyClosesModals(modalStackOf(currentUrl.search), modalStackOf(nextUrl.search))
  ) {
    return false;
  }
  return defaultShouldRevalidate;
};
