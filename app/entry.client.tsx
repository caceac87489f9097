import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { listenForClientErrors } from "~/errors/client-report";

// R-ENT-09: uncaught errors of this page reach our server (no browser SDK: DESIGN §7 budget).
listenForClientErrors();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
