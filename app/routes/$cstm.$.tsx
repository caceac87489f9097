import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireCustomer } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";

/** R-RTE-03/07: every unknown path under a customer redirects to its page-not-found. */
export async function loader(args: LoaderFunctionArgs) {
  const { cstm } = await requireCustomer(args);
  throw redirect(customerPath(cstm, "/page-not-found"));
}

export const action = loader;

// A component makes this a document route, so errors (unknown customer) reach the error boundary
// instead of the bare resource-route answer.
export default function Redirecting() {
  return null;
}
