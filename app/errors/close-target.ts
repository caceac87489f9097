import { customerPath } from "~/domain/customer-path";

/**
 * Where closing an error leads: back to where the user was (`returnTo`) when that is a path of the
 * same customer, otherwise the customer root (which leads to the area's start page). Never another
 * site or customer: the value may come from a Referer header.
 */
export function closeTarget(returnTo: string | undefined, cstm: string | undefined): string | undefined {
  if (!cstm) return undefined;
  const root = customerPath(cstm);
  if (!returnTo || !returnTo.startsWith("/") || returnTo.startsWith("//") || returnTo.includes("\\")) return root;
  const pathname = returnTo.split(/[?#]/)[0];
  return pathname === root || pathname.startsWith(`${root}/`) ? returnTo : root;
}
