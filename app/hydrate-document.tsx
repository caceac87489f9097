import { RemixBrowser, whenRemixStateDecoded } from "@remix-run/react";
import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { reportLater } from "~/errors/report-later";
import { rememberRootData } from "~/errors/root-memory";

interface RouterState {
  loaderData: Record<string, unknown>;
}

/** Keeps the root loader data for error views of failed navigations (app/errors/root-memory.ts). */
function RememberRootData() {
  useEffect(() => {
    // Remix puts its router here once it exists (@remix-run/react browser.js).
    const router = (
      window as unknown as { __remixRouter?: { state: RouterState; subscribe(fn: (state: RouterState) => void): () => void } }
    ).__remixRouter;
    if (!router) return;
    rememberRootData(router.state.loaderData.root);
    return router.subscribe((state) => rememberRootData(state.loaderData.root));
  }, []);
  return null;
}

/**
 * What app/entry.client.tsx does: the error listeners, then hydration. It lives in the shell chunk so
 * the client entry's own file is one call (decision 162).
 */
export function hydrateDocument(): void {
  // R-ENT-09: uncaught errors of this page reach our server (no browser SDK: DESIGN §7 budget).
  addEventListener("error", (event) => {
    // Extensions and third-party scripts are not ours to report.
    if (event.filename && !event.filename.startsWith(location.origin)) return;
    reportLater(event.error ?? event.message, "error");
  });
  addEventListener("unhandledrejection", (event) => reportLater(event.reason, "unhandledrejection"));
  // The page's data is decoded before hydration starts, so the root never suspends: a key press or a click
  // while it did made React 18 hydrate it synchronously and throw "Root did not complete" (#345), an
  // error report for every quick typist on a slow device (decision 172, patches/@remix-run+react).
  void whenRemixStateDecoded().then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
          <RememberRootData />
        </StrictMode>,
      );
    }),
  );
}
