import { Link, useNavigate } from "@remix-run/react";
import { inertProps } from "./modal-link";
import { Children, createContext, useContext, useEffect, useRef, type ReactNode, type RefObject } from "react";
import { useTranslation } from "~/i18n/react";

/**
 * The modal system (R-SCR-10/11, R-CON-03). API for routes and components:
 *
 * - Routes declare the modals they support in their handle and load the data of the open ones:
 *     export const handle: RouteHandle = { modals: defineModals({ privacy: privacyModal }) };
 *     loader: `modals: await loadOpenModals(request, { privacy: () => loadPrivacyStatement(…) })`
 *   The layout renders the open, declared modals as a stack (route-modals.tsx); the data a
 *   modal gets is `loaderData.modals[name]` of the route that declared it. The $cstm layout route
 *   declares the ones every page has (legal-notice).
 * - `<ModalLink modal="name">` opens a modal on top of the current stack (`?modal=a&modal=b`).
 * - `<ModalStack overlay>{<Modal …/>…}</ModalStack>` and `<Modal>` render dialogs directly, e.g.
 *   an error dialog from action data: `titleId` names the heading inside, `closeHref` is where
 *   closing leads, `closable={false}` removes the backdrop link, the close link and Escape
 *   (an error with disableClose), `width` is narrow (34em) or wide (80em).
 *
 * Without JavaScript a modal is a server-rendered `<dialog open>` over a backdrop link that closes
 * it; everything below the active modal is inert. With JavaScript, focus moves into the active
 * dialog, Escape closes it (unless closing is disabled), and focus returns to the opener.
 */
import type { ModalWidth } from "./modal-link";

export type { ModalWidth };

interface LayerState {
  active: boolean;
  /** appearance.overlay: whether the backdrop dims the page. */
  overlay: boolean;
}

const LayerContext = createContext<LayerState>({ active: true, overlay: true });

/** Several modals: the last child is the active one, the ones below are inert (R-SCR-11). */
export function ModalStack({ children, overlay = true }: { children: ReactNode; overlay?: boolean }) {
  const layers = Children.toArray(children);
  if (layers.length === 0) return null;
  return (
    <div className="modal-stack">
      {layers.map((layer, index) => (
        <LayerContext.Provider key={index} value={{ active: index === layers.length - 1, overlay }}>
          {layer}
        </LayerContext.Provider>
      ))}
    </div>
  );
}

export interface ModalProps {
  /** id of the heading inside the modal that names the dialog. */
  titleId: string;
  /** Where closing leads, usually the same URL without this modal. */
  closeHref?: string;
  /** false: no backdrop link, no close link, Escape does nothing. */
  closable?: boolean;
  width?: ModalWidth;
  /** The modal's name: when it closes, focus returns to a `[data-modal-opener=name]` element. */
  name?: string;
  children: ReactNode;
}

export function Modal({ titleId, closeHref, closable = true, width = "narrow", name, children }: ModalProps) {
  const { active, overlay } = useContext(LayerContext);
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = closable ? closeHref : undefined;
  useModalBehaviour(dialog, active, close, name);
  return (
    <div className={overlay ? "modal-layer modal-layer-dim" : "modal-layer"} {...inertProps(!active)}>
      {close !== undefined ? (
        // The outside click without JavaScript; hidden from assistive technology, which has the close link.
        <Link className="modal-backdrop" to={close} preventScrollReset tabIndex={-1} aria-hidden="true" />
      ) : (
        <div className="modal-backdrop" />
      )}
      <dialog ref={dialog} open aria-modal="true" aria-labelledby={titleId} className={`modal modal-${width}`} tabIndex={-1}>
        {close !== undefined ? (
          <Link className="modal-close" to={close} preventScrollReset>
            {t("modal.close")}
          </Link>
        ) : null}
        {children}
      </dialog>
    </div>
  );
}

function focusable(element: Element | null | undefined): element is HTMLElement {
  return element instanceof HTMLElement && element !== document.body && element.isConnected && !element.closest("[inert]");
}

const INERT_MARK = "data-modal-inert";

/** A dialog rendered outside the layout's modal place: make the rest of the page inert while it is active. */
function inertOutside(layer: Element): () => void {
  const marked: Element[] = [];
  for (let node: Element | null = layer; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || sibling.hasAttribute("inert") || sibling.matches("script, style, link")) continue;
      sibling.setAttribute("inert", "");
      sibling.setAttribute(INERT_MARK, "");
      marked.push(sibling);
    }
  }
  return () => {
    for (const element of marked) {
      if (!element.hasAttribute(INERT_MARK)) continue;
      element.removeAttribute("inert");
      element.removeAttribute(INERT_MARK);
    }
  };
}

function useModalBehaviour(dialog: RefObject<HTMLDialogElement>, active: boolean, closeHref: string | undefined, name: string | undefined) {
  const navigate = useNavigate();
  const opener = useRef<Element | null>(null);

  // Remember who opened the modal; when it closes, give focus back (to the opener, or to the link
  // that opens this modal when the page was loaded with the modal open).
  useEffect(() => {
    opener.current = document.activeElement;
    const element = dialog.current;
    return () => {
      const previous = opener.current;
      requestAnimationFrame(() => {
        if (element?.isConnected) return; // still shown (StrictMode re-runs effects)
        const fallback = name ? [...document.querySelectorAll(`[data-modal-opener="${name}"]`)].find(focusable) : undefined;
        const target = focusable(previous) ? previous : fallback;
        target?.focus();
      });
    };
  }, [dialog, name]);

  useEffect(() => {
    const element = dialog.current;
    if (!active || !element) return;
    const layer = element.closest(".modal-stack") ?? element.parentElement!;
    // The layout's own place for modals has the page inert already (server-rendered, works without JS).
    const restore = layer.closest("[data-modal-root]") ? () => {} : inertOutside(layer);
    if (!element.contains(document.activeElement)) element.focus({ preventScroll: true });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || closeHref === undefined) return;
      event.preventDefault();
      navigate(closeHref, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      restore();
    };
  }, [dialog, active, closeHref, navigate]);
}
