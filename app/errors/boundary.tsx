import { useLocation, useParams, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { documentTexts } from "~/i18n/document-texts";
import { I18nProvider } from "~/i18n/react";
import { reportLater } from "./report-later";
import { isCustomerSegment } from "./customer-segment";
import { ErrorView } from "./error-view";
import { rememberedRootData, type RootDataForErrors } from "./root-memory";
import { describeRouteError } from "./route-error";
import { closeTarget } from "./close-target";
import { onSiteInQuery } from "./selection";

/** What a boundary knows about the customer when the customer layout's loader ran. */
export interface BoundaryCustomer {
  cstm: string;
  onSite: boolean;
  supportEmail?: string;
}

/**
 * The error view of a route's ErrorBoundary: whatever reached the boundary, shown as catalogue
 * errors (R-SCR-13) with the request id, the support address, the on-site rule and a close link
 * back to where the user was. Errors that happened in this browser are reported once (R-ENT-09).
 * Part of the error UI chunk: pages render LazyRouteErrorView (app/errors/lazy.tsx; decision 114).
 */
export function RouteErrorView({ customer }: { customer?: BoundaryCustomer }) {
  const error = useRouteError();
  const location = useLocation();
  const params = useParams();
  const rootData = useRouteLoaderData<RootDataForErrors>("root");
  // A failed navigation in this browser may have cost the root its data: use what it had.
  const root = rootData ?? rememberedRootData();
  const { payload, inBrowser } = describeRouteError(error, Boolean(customer));
  const requestId = payload.requestId ?? root?.errorContext?.requestId;

  useEffect(() => {
    if (inBrowser) reportLater(error, "boundary", requestId);
  }, [error, inBrowser, requestId]);

  const cstm = customer?.cstm ?? (isCustomerSegment(params.cstm) ? params.cstm : undefined);
  // An error of this browser: closing reloads the page the user wanted (e.g. after a lost connection).
  const returnTo = payload.returnTo ?? (inBrowser ? location.pathname + location.search : undefined);
  const view = (
    <ErrorView
      errors={payload.errors}
      cstm={cstm}
      onSite={Boolean(payload.onSite || customer?.onSite || onSiteInQuery(location.search))}
      requestId={requestId}
      closeHref={closeTarget(returnTo, cstm)}
      supportEmail={customer?.supportEmail ?? payload.supportEmail ?? root?.errorContext?.supportEmail}
    />
  );
  // The root loader failed: the document has no translations; the error brought its own (from the
  // server) or the browser remembers them.
  const texts =
    payload.texts ?? (root ? { language: root.language, errors: documentTexts(root.language, root.resources).errors ?? {} } : undefined);
  if (!rootData && texts) {
    return (
      <I18nProvider language={texts.language} resources={{ errors: texts.errors }}>
        {view}
      </I18nProvider>
    );
  }
  return view;
}
