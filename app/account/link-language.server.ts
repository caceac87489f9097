import { redirect, type AppLoadContext } from "@remix-run/node";
import type { CustomerContext } from "~/customer/customer.server";
import { commitSession } from "~/session/request.server";

/**
 * Mailed links carry the language they were written in (…/{userHash}/{language}). Without an
 * explicit langId, the page switches to it once, when the customer offers that language: the choice
 * is stored in the session and the same URL is loaded again in that language.
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
  const { session, cstm } = customer;
  if (session.get("languages")?.[cstm] === linkLanguage) return;
  session.set("languages", { ...session.get("languages"), [cstm]: linkLanguage });
  throw redirect(url.pathname + url.search, { headers: { "Set-Cookie": await commitSession(context, session) } });
}
