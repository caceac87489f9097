import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireCustomer } from "~/customer/customer.server";
import { areaRootPage } from "~/domain/customer";
import { customerPath } from "~/domain/customer-path";

/** The customer root redirects to the area's root page: login for most areas, landing for initiativ (R-RTE-06). */
export async function loader(args: LoaderFunctionArgs) {
  const { cstm, config } = await requireCustomer(args);
  const search = new URL(args.request.url).search;
  throw redirect(customerPath(cstm, `/${areaRootPage(config)}`) + search);
}

// A component makes this a document route, so errors (unknown customer) reach the error boundary
// instead of the bare resource-route answer.
export default function Redirecting() {
  return null;
}
