import { useLocation, useMatches } from "@remix-run/react";
import { useContext, useEffect, useRef, type MouseEvent, type RefObject } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { useTranslation } from "~/i18n/react";
import { CATALOGUE } from "./catalogue";
import { isErrorPayload, type ErrorPayload } from "./catalogue-error";
import { ErrorView } from "./error-view";
import { onSiteInQuery, selectMainError } from "./selection";
import { SHOWN_ERRORS_KEY, type ShownError } from "./shown-error";

/**
 * R-ERR-01/03, R-SCR-10 (decision 127): catalogue errors of a request whose page can
 * still be shown (a failed action, a failed secondary call of a loader) appear as dialogs over the
 * page, which stays as it was, with what was typed. The data carries them under SHOWN_ERRORS_KEY.
 */
export { SHOWN_ERRORS_KEY };

export type WithShownErrors = { [SHOWN_ERRORS_KEY]?: ErrorPayload };

function shownErrorsIn(value: unknown): ErrorPayload | null {
  if (!value || typeof value !== "object") return null;
  const payload = (value as WithShownErrors)[SHOWN_ERRORS_KEY];
  return isErrorPayload(payload) ? payload : null;
}

/** The dialogs of this page: the action data's errors, then every matched route's loader data's. */
function usePageErrors(): ErrorPayload[] {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const matches = useMatches();
  const payloads: ErrorPayload[] = [];
  for (const value of Object.values(state?.actionData ?? {})) {
    const payload = shownErrorsIn(value);
    if (payload) payloads.push(payload);
  }
  for (const match of matches) {
    const payload = shownErrorsIn(match.data);
    if (payload) payloads.push(payload);
  }
  return payloads;
}

/**
 * The errors of every payload of the page, newest first (R-ERR-03): by the time the server met them
 * (an action's failure is older than the failures of the loaders that ran after it), in the
 * payloads' own order where they carry none.
 */
export function newestFirst(payloads: readonly ErrorPayload[]): { error: ShownError; payload: ErrorPayload }[] {
  const entries = payloads.flatMap((payload) => payload.errors.map((error) => ({ error, payload })));
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (b.entry.error.at ?? 0) - (a.entry.error.at ?? 0) || a.index - b.index)
    .map(({ entry }) => entry);
}

/**
 * The stack, bottom first: the secondary errors oldest first, the main error (R-ERR-01) on top, so
 * closing the top one shows the newest of the others (R-ERR-03). The main error's disableClose
 * disables closing for all of them.
 */
export function dialogStack(errors: readonly ShownError[]): { error: ShownError; closable: boolean }[] {
  const selection = selectMainError(errors);
  if (!selection) return [];
  const locked = CATALOGUE[selection.main.code].disableClose;
  return [...[...selection.secondary].reverse(), selection.main].map((error) => ({
    error,
    closable: !locked && !CATALOGUE[error.code].disableClose,
  }));
}

const FOCUSABLE_DIALOG = "dialog.error-dialog[open]";

/**
 * With JavaScript: the top open dialog has the focus; Escape and a click beside it close it (when it
 * may close); "close all" clears the stack; while any is open, the page below is inert; when the
 * last closes, the focus returns to the page. Without JavaScript the dialogs close by their forms.
 */
function useDialogBehaviour(root: RefObject<HTMLDivElement>, key: string) {
  useEffect(() => {
    const container = root.current;
    if (!container) return;
    const page = container.closest(".layout")?.querySelector<HTMLElement>(".layout-page");
    const openDialogs = () => [...container.querySelectorAll<HTMLDialogElement>(FOCUSABLE_DIALOG)];
    const sync = () => {
      const open = openDialogs();
      const top = open.at(-1);
      open.forEach((dialog) => (dialog === top ? dialog.removeAttribute("inert") : dialog.setAttribute("inert", "")));
      if (top) {
        page?.setAttribute("inert", "");
        if (!top.contains(document.activeElement)) top.focus({ preventScroll: true });
      } else if (page?.hasAttribute("data-error-inert")) {
        page.removeAttribute("inert");
        page.removeAttribute("data-error-inert");
        page.querySelector<HTMLElement>("#main")?.focus({ preventScroll: true });
      }
    };
    if (page && !page.hasAttribute("inert") && openDialogs().length > 0) page.setAttribute("data-error-inert", "");
    sync();
    const onClose = () => sync();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const top = openDialogs().at(-1);
      if (!top || top.dataset.closable !== "true") return;
      event.preventDefault();
      top.close();
    };
    const dialogs = [...container.querySelectorAll<HTMLDialogElement>("dialog.error-dialog")];
    dialogs.forEach((dialog) => dialog.addEventListener("close", onClose));
    document.addEventListener("keydown", onKeyDown);
    return () => {
      dialogs.forEach((dialog) => dialog.removeEventListener("close", onClose));
      document.removeEventListener("keydown", onKeyDown);
      if (page?.hasAttribute("data-error-inert")) {
        page.removeAttribute("inert");
        page.removeAttribute("data-error-inert");
      }
    };
  }, [root, key]);
}

export interface ErrorDialogsProps {
  cstm: string;
  onSite: boolean;
  supportEmail?: string;
  overlay: boolean;
}

/**
 * The error dialogs over the page (none when the page's data carries no errors). Part of the error UI
 * chunk: pages render LazyErrorDialogs (app/errors/lazy.tsx; decision 114).
 */
export function ErrorDialogs({ cstm, onSite, supportEmail, overlay }: ErrorDialogsProps) {
  const payloads = usePageErrors();
  const location = useLocation();
  const { t } = useTranslation("errors");
  const root = useRef<HTMLDivElement>(null);
  const errors = newestFirst(payloads);
  const stack = dialogStack(errors.map(({ error }) => error));
  const payloadOf = (error: ShownError) => errors.find((entry) => entry.error === error)?.payload;
  // A new answer brings new dialogs (open again), even with the same codes.
  const key = payloads.map((payload) => payload.requestId ?? "").join(",") + `:${stack.length}`;
  useDialogBehaviour(root, key);
  if (stack.length === 0) return null;
  const requestId = payloads[0]?.requestId;
  const onSiteNow = onSite || payloads.some((payload) => payload.onSite) || onSiteInQuery(location.search);

  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    const dialog = event.currentTarget;
    if (event.target === dialog && dialog.dataset.closable === "true") dialog.close();
  };
  const closeAll = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    root.current?.querySelectorAll<HTMLDialogElement>(FOCUSABLE_DIALOG).forEach((dialog) => dialog.close());
  };

  return (
    <div className="error-dialogs" ref={root} key={key}>
      {stack.map(({ error, closable }, index) => {
        const titleId = `error-dialog-${index}-title`;
        const top = index === stack.length - 1;
        return (
          // A click beside the dialog is the mouse's shortcut for its close button; Escape is the keyboard's (above).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
          <dialog
            key={`${key}-${index}`}
            open
            className={overlay ? "error-dialog modal-layer modal-layer-dim" : "error-dialog modal-layer"}
            aria-modal="true"
            aria-labelledby={titleId}
            tabIndex={-1}
            data-closable={closable ? "true" : "false"}
            onClick={closeOnBackdrop}
          >
            <div className="modal modal-narrow">
              <ErrorView
                errors={[error]}
                cstm={cstm}
                onSite={onSiteNow}
                requestId={payloadOf(error)?.requestId ?? requestId}
                supportEmail={supportEmail ?? payloadOf(error)?.supportEmail}
                dialog={{ titleId, closable }}
              />
              {top && stack.length > 1 && closable ? (
                <p className="error-dialog-more">
                  {t("moreErrorsBelow")}{" "}
                  <a href={location.pathname + location.search} onClick={closeAll}>
                    {t("closeAll")}
                  </a>
                </p>
              ) : null}
            </div>
          </dialog>
        );
      })}
    </div>
  );
}
