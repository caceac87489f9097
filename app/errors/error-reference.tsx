import type { ReactNode } from "react";
import type { TFunction } from "~/i18n/translator";

/**
 * The support reference under an error (R-SCR-13): the request id support staff search Sentry and
 * the logs for (R-CAT-05), with a sentence saying why to pass it on. The id sits on a line of its
 * own, and one click or tap selects all of it, without JavaScript (app.css `.error-reference-id`);
 * `translate="no"` keeps page translators off it. `children` follow the id on its line: the error
 * UI's Copy button (app/errors/copy-reference.tsx), which the shell's "Connection lost" view goes
 * without (decision 175).
 */
export function ErrorReference({ t, requestId, children }: { t: TFunction; requestId?: string; children?: ReactNode }) {
  if (!requestId) return null;
  return (
    <div className="error-reference">
      <p>{t("reference.hint")}</p>
      <p className="error-reference-line">
        <code className="error-reference-id" translate="no">
          {requestId}
        </code>
        {children}
      </p>
    </div>
  );
}
