import { useEffect, useState, type MouseEvent } from "react";
import { useClientTexts } from "~/i18n/document-texts";
import type { TFunction } from "~/i18n/translator";

type CopyState = "copy" | "copied" | "copyManually";

/**
 * A Copy button beside the support reference (R-SCR-13, decision 175), in the error UI's chunk. It
 * appears only once React runs in the browser, so a page without JavaScript never shows a button
 * that does nothing (there one click on the id selects it all). Without a clipboard (no secure
 * context, permission refused) it selects the id and says which keys copy it.
 */
export function CopyReference({ t, requestId }: { t: TFunction; requestId: string }) {
  // Shown only after hydration, so the server's render never uses these texts: the document must carry them.
  useClientTexts("errors", ["reference"]);
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState<CopyState>("copy");
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;

  const copy = (event: MouseEvent<HTMLButtonElement>) => {
    const id = event.currentTarget.closest("p")?.querySelector("code");
    // A missing navigator.clipboard throws inside the promise, so it ends where a refusal ends.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(requestId))
      .then(
        () => setState("copied"),
        () => {
          if (id) getSelection()?.selectAllChildren(id);
          setState("copyManually");
        },
      );
  };

  const label = t(`reference.${state}`);
  return (
    // Within the error view's role="alert": its own changes would re-read the whole alert, so the
    // label changes silently and the status announces them once, politely.
    <span className="error-reference-copy" aria-live="off">
      <button type="button" className="button" onClick={copy}>
        {label}
      </button>
      <span className="visually-hidden" role="status">
        {state === "copy" ? "" : label}
      </span>
    </span>
  );
}
