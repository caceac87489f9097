import { redirect, type AppLoadContext } from "@remix-run/node";
import type { CustomerContext } from "~/customer/customer.server";
import { rememberLanguage } from "~/session/language.server";

/**
 * Mailed links carry the language they were written in (…/{userHash}/{language}). Without an
 * explicit langId, the page switches to it once, when the customer offers that language: the choice
 * is stored in the language cookie and the same URL is loaded again in that language.
 */
export async function languageFromLink(
  request: Request,
  context: AppLoadContext,
  customer: CustomerContext,
  linkLanguage: string | undefined,
): Promise<void> {
  const url = new URL(request.url);
  if (!linkLanguage || url.searchParams.has("langId")) return;
  if (linkLanguage === customer.language || !customer.config.languages.includes(linkLanguage)) return;
  const cookie = await rememberLanguage(request, context, customer.cstm, linkLanguage);
  if (!cookie) return;
  throw redirect(url.pathname + url.search, { headers: { "Set-Cookie": cookie } });
}
