import { useRouteLoaderData } from "@remix-run/react";
import { LazyRouteErrorView } from "~/errors/lazy";
import type { CustomerLayoutData } from "~/routes/$cstm";

/**
 * The assessment routes' own boundary. Remix runs, after an action failed, only the loaders above the
 * boundary that catches it: with the customer layout's boundary the layout's own data (customer,
 * language) would be missing. A boundary here keeps the layout (and its navigation) around the error.
 */
export function AssessmentErrorBoundary() {
  const shell = useRouteLoaderData<CustomerLayoutData>("routes/$cstm");
  return <LazyRouteErrorView customer={shell} />;
}
