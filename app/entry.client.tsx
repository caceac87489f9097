import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { listenForClientErrors } from "~/errors/client-report";
import { rememberRootData } from "~/errors/root-memory";

// R-ENT-09: uncaught errors of this page reach our server (no browser SDK: DESIGN §7 budget).
listenForClientErrors();

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

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
      <RememberRootData />
    </StrictMode>,
  );
});
