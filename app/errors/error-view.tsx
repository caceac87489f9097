import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translator";
import { CATALOGUE } from "./catalogue";
import type { ShownError } from "./catalogue-error";
import { CopyReference } from "./copy-reference";
import { ErrorReference } from "./error-reference";
import { Interpolated } from "./interpolated";
import { errorButton, selectMainError } from "./selection";

export interface ErrorViewProps {
  /** Newest first (R-ERR-03). */
  errors: ShownError[];
  cstm?: string;
  onSite?: boolean;
  requestId?: string;
  /** Where closing the error leads (a link: works without JavaScript). None: it cannot be closed. */
  closeHref?: string;
  /** Support address for the default hint (R-CAT-04). */
  supportEmail?: string;
  /**
   * In an error dialog over the page (error-dialogs.tsx): the heading is an h2 with this id, and
   * closing is a `<form method="dialog">` (it closes the dialog without JavaScript and keeps the page
   * and what was typed in it). `closable` there says whether this dialog may close (R-ERR-01).
   */
  dialog?: { titleId: string; closable: boolean };
}

/** Closes the enclosing `<dialog>`: the browser does it for a form with method="dialog", with or without JavaScript. */
function DialogCloseButton({ children, primary }: { children: ReactNode; primary?: boolean }) {
  return (
    <form method="dialog" className="error-dialog-close">
      <button type="submit" className={primary ? "button button-primary" : "button"}>
        {children}
      </button>
    </form>
  );
}

/** R-CAT-04: 'Try again or contact support@{host}.', the address as a mail link. */
function DefaultHint({ t, email }: { t: TFunction; email?: string }) {
  if (!email) return <>{t("defaultHint", { email: "support" })}</>;
  return (
    <Interpolated t={t} k="defaultHint" name="email">
      <a href={`mailto:${email}`}>{email}</a>
    </Interpolated>
  );
}

/**
 * The one error view (R-SCR-13): the main error's code, title and message (or the default hint),
 * the button per R-ERR-02, closing unless the main error disables it, the secondary errors newest
 * first, and the request id as a reference for support. Nothing of the underlying exception (no
 * message, no stack) is ever rendered.
 */
export function ErrorView({ errors, cstm, onSite = false, requestId, closeHref, supportEmail, dialog }: ErrorViewProps) {
  const { t } = useTranslation("errors");
  // A failed page must say something: if every error is suppressed, the unknown error stands in.
  const selection = selectMainError(errors) ?? selectMainError([{ code: "E01" }])!;
  const { main, secondary } = selection;
  const entry = CATALOGUE[main.code];
  const button = errorButton(entry, { onSite, cstm, params: main.params });
  const closable = dialog ? dialog.closable : !entry.disableClose && Boolean(closeHref);
  const titleId = dialog?.titleId ?? "error-title";
  const Heading = dialog ? "h2" : "h1";

  return (
    <section className="error-view" role="alert" aria-labelledby={titleId}>
      <p className="error-code">{t("codeLabel", { code: main.code })}</p>
      <Heading id={titleId}>{t(`${main.code}.title`)}</Heading>
      <p className="error-message">
        {entry.hasMessage ? t(`${main.code}.message`, main.params) : <DefaultHint t={t} email={supportEmail} />}
      </p>
      {button || closable ? (
        <div className="error-actions">
          {button?.kind === "link" ? (
            <a className="button button-primary" href={button.href}>
              {t(`${main.code}.button`)}
            </a>
          ) : null}
          {button?.kind === "close" && dialog ? <DialogCloseButton primary>{t(`${main.code}.button`)}</DialogCloseButton> : null}
          {button?.kind === "close" && !dialog && closeHref ? (
            <a className="button button-primary" href={closeHref}>
              {t(`${main.code}.button`)}
            </a>
          ) : null}
          {closable && dialog ? <DialogCloseButton>{t("close")}</DialogCloseButton> : null}
          {closable && !dialog ? (
            <a className="button" href={closeHref}>
              {t("close")}
            </a>
          ) : null}
        </div>
      ) : null}
      {secondary.length > 0 && !dialog ? (
        <div className="error-secondary">
          <h2>{t("moreErrors")}</h2>
          <ul>
            {secondary.map((error, index) => (
              <li key={`${error.code}-${index}`}>
                <span className="error-code">{error.code}</span> {t(`${error.code}.title`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ErrorReference t={t} requestId={requestId}>
        {requestId ? <CopyReference t={t} requestId={requestId} /> : null}
      </ErrorReference>
    </section>
  );
}
