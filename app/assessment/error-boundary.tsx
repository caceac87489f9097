import { useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ErrorView } from "~/errors/error-view";
import { payloadFromRouteError } from "~/errors/route-error";
import type { CustomerLayoutData } from "~/routes/$cstm";

/**
 * The assessment routes' own boundary. Remix runs, after an action failed, only the loaders above the
 * boundary that catches it: with the customer layout's boundary the layout's own data (customer,
 * language) would be missing, and C02's button would lead to "/login" without the customer. A boundary
 * here keeps the layout loaded, so an ended session during a form post shows the right way back.
 */
export function AssessmentErrorBoundary() {
  const error = useRouteError();
  const shell = useRouteLoaderData<CustomerLayoutData>("routes/$cstm");
  const payload = payloadFromRouteError(error, Boolean(shell));
  return (
    <ErrorView
      errors={payload.errors}
      cstm={shell?.cstm}
      onSite={payload.onSite ?? shell?.onSite ?? false}
      requestId={payload.requestId}
      closeHref={shell ? `/${shell.cstm}` : undefined}
      supportEmail={shell?.supportEmail}
    />
  );
}
