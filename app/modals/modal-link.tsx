import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { modalStackOf, searchWithModals, stackWithModal } from "./stack";

/**
 * What pages need of the modal system while no modal is open (decision 114): the link that opens one
 * and the inert page below an open one. The dialogs themselves (modal.tsx) load when one is shown.
 */
export type ModalWidth = "narrow" | "wide";

/** React 18 knows no `inert` prop; an empty string renders the boolean attribute. */
export function inertProps(inert: boolean): Record<string, string> {
  return inert ? { inert: "" } : {};
}

/**
 * A link that opens `modal` on top of the current stack, and where focus returns when it closes.
 * `params`: what the modal shows, set in the URL beside it (e.g. `video`).
 */
export function ModalLink({
  modal,
  params,
  children,
  className,
}: {
  modal: string;
  params?: Record<string, string>;
  children: ReactNode;
  className?: string;
}) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  for (const [name, value] of Object.entries(params ?? {})) search.set(name, value);
  const stack = stackWithModal(modalStackOf(location.search), modal);
  return (
    <Link to={location.pathname + searchWithModals(search, stack)} preventScrollReset data-modal-opener={modal} className={className}>
      {children}
    </Link>
  );
}
