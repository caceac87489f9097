import { redirect } from "@remix-run/node";
import type { CustomerContext } from "~/customer/customer.server";

/**
 * Mailed links carry the language they were written in (…/{userHash}/{language}). Without an
 * explicit langId, the page switches to it once (a redirect with langId, so the session keeps it),
 * when the customer offers that language.
 */
export function languageFromLink(request: Request, customer: CustomerContext, linkLanguage: string | undefined) {
  const url = new URL(request.url);
  if (!linkLanguage || url.searchParams.has("langId")) return;
  if (linkLanguage === customer.language || !customer.config.languages.includes(linkLanguage)) return;
  url.searchParams.set("langId", linkLanguage);
  throw redirect(url.pathname + url.search);
}
