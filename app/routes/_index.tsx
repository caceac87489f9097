import type { LoaderFunctionArgs } from "@remix-run/node";
import { CatalogueError } from "~/errors/catalogue-error";

/**
 * The bare host has no customer: every real link names one (R-TEN-01). Answer with the catalogue's
 * "link invalid" page rather than guessing a customer.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  throw new CatalogueError("E02", { status: 404, requestId: context.requestId });
}

export default function Index() {
  return null;
}
