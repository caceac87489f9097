import type { TFunction } from "~/i18n/translator";

/**
 * The support reference under an error (R-SCR-13): the request id support staff search Sentry and
 * the logs for (R-CAT-05), with a sentence saying why to pass it on. The id sits on a line of its
 * own, and one click or tap selects all of it, without JavaScript (app.css `.error-reference-id`);
 * `translate="no"` keeps page translators off it.
 */
export function ErrorReference({ t, requestId }: { t: TFunction; requestId?: string }) {
  if (!requestId) return null;
  return (
    <div className="error-reference">
      <p>{t("reference.hint")}</p>
      <p className="error-reference-line">
        <code className="error-reference-id" translate="no">
          {requestId}
        </code>
      </p>
    </div>
  );
}
