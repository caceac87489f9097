import { useTranslation } from "~/i18n/react";
import { CATALOGUE } from "./catalogue";
import type { ShownError } from "./catalogue-error";
import { errorButton, selectMainError } from "./selection";

export interface ErrorViewProps {
  errors: ShownError[];
  cstm?: string;
  onSite?: boolean;
  requestId?: string;
  /** Where closing the error leads (a link: works without JavaScript). */
  closeHref?: string;
  /** Support address for the default hint (R-CAT-04). */
  supportEmail?: string;
}

/**
 * The one error view (R-SCR-13): the main error's code, title and message, the secondary errors
 * below, the button per R-ERR-02, closing per disableClose, and the request id as a reference.
 */
export function ErrorView({ errors, cstm, onSite = false, requestId, closeHref, supportEmail }: ErrorViewProps) {
  const { t } = useTranslation("errors");
  const selection = selectMainError(errors);
  if (!selection) return null;
  const { main, secondary } = selection;
  const entry = CATALOGUE[main.code];
  const button = errorButton(entry, { onSite, cstm, params: main.params });
  const closable = !entry.disableClose && closeHref;
  const hint = t("defaultHint", { email: supportEmail ?? "support" });
  const message = entry.hasMessage ? t(`${main.code}.message`, main.params) : hint;

  return (
    <section className="error-view" role="alert" aria-labelledby="error-title">
      <p className="error-code">{t("codeLabel", { code: main.code })}</p>
      <h1 id="error-title">{t(`${main.code}.title`)}</h1>
      <p>{message}</p>
      {entry.hasMessage ? <p className="error-hint">{hint}</p> : null}
      <div className="error-actions">
        {button?.kind === "link" ? (
          <a className="button button-primary" href={button.href}>
            {t(`${main.code}.button`)}
          </a>
        ) : null}
        {button?.kind === "close" && closeHref ? (
          <a className="button button-primary" href={closeHref}>
            {t(`${main.code}.button`)}
          </a>
        ) : null}
        {closable ? (
          <a className="button" href={closeHref}>
            {t("close")}
          </a>
        ) : null}
      </div>
      {secondary.length > 0 ? (
        <div className="error-secondary">
          <h2>{t("moreErrors")}</h2>
          <ul>
            {secondary.map((error, index) => (
              <li key={`${error.code}-${index}`}>
                <strong>{error.code}</strong> {t(`${error.code}.title`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {requestId ? <p className="error-reference">{t("reference", { requestId })}</p> : null}
    </section>
  );
}
