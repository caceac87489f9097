import { useLocation, useParams, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { documentTexts } from "~/i18n/document-texts";
import { I18nProvider, useTranslation } from "~/i18n/react";
import type { BoundaryCustomer } from "./boundary";
import { isCustomerSegment } from "./customer-segment";
import { ErrorReference } from "./error-reference";
import { reportLater } from "./report-later";
import { rememberedRootData, type RootDataForErrors } from "./root-memory";
import { closeTarget } from "./close-target";

/**
 * Spec §8 "Chunk" (title "Network error", message "Connection lost"), as ErrorView renders it: the code,
 * the title, the message, a Close link and the reference for support. Chunk has no button and may be
 * closed. Its texts travel with every document (root.tsx, BROWSER_ERROR_TEXTS). Unlike ErrorView in
 * the browser, no Copy button beside the reference: it would weigh on every page's shell; the id is
 * select-all without it (decision 175).
 */
export function ConnectionLostView({ closeHref, requestId }: { closeHref?: string; requestId?: string }) {
  const { t } = useTranslation("errors");
  return (
    <section className="error-view" role="alert" aria-labelledby="error-title">
      <p className="error-code">{t("codeLabel", { code: "Chunk" })}</p>
      <h1 id="error-title">{t("Chunk.title")}</h1>
      <p className="error-message">{t("Chunk.message")}</p>
      {closeHref ? (
        <div className="error-actions">
          <a className="button" href={closeHref}>
            {t("close")}
          </a>
        </div>
      ) : null}
      <ErrorReference t={t} requestId={requestId} />
    </section>
  );
}

/**
 * A route boundary's view of a lost connection (decision 164). It lives in the shell: without a
 * connection the error UI's chunk (app/errors/error-ui.ts) cannot load either. Otherwise what
 * RouteErrorView (boundary.tsx) does for an error of this browser: the document's request id as the
 * reference, closing reloads the page the user wanted, the remembered root data's texts when the
 * failed navigation cost the root its data, and a report once the connection is back (R-ENT-09).
 */
export function ConnectionLostBoundaryView({ customer }: { customer?: BoundaryCustomer }) {
  const error = useRouteError();
  const location = useLocation();
  const params = useParams();
  const rootData = useRouteLoaderData<RootDataForErrors>("root");
  const root = rootData ?? rememberedRootData();
  const requestId = root?.errorContext?.requestId;

  useEffect(() => reportLater(error, "boundary", requestId), [error, requestId]);

  const cstm = customer?.cstm ?? (isCustomerSegment(params.cstm) ? params.cstm : undefined);
  const view = <ConnectionLostView closeHref={closeTarget(location.pathname + location.search, cstm)} requestId={requestId} />;
  if (rootData || !root) return view;
  return (
    <I18nProvider language={root.language} resources={{ errors: documentTexts(root.language, root.resources).errors ?? {} }}>
      {view}
    </I18nProvider>
  );
}
