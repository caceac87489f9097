import { redirect, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { memoize } from "~/context";
import { pageExists, pageOfPath, type CustomerConfig } from "~/domain/customer";
import { customerPath } from "~/domain/customer-path";
import { CatalogueError } from "~/errors/catalogue-error";
import { DEFAULT_LANGUAGE, isSupportedLanguage, resolveLanguage, type Language } from "~/i18n/languages";
import { storedLanguages } from "~/session/language.server";
import { getSession } from "~/session/request.server";
import type { AppSession } from "~/session/session.server";
import { getConfiguration } from "~/upstream/configuration.server";

export interface DataFunctionArgs {
  request: Request;
  params: LoaderFunctionArgs["params"];
  context: AppLoadContext;
}

export interface CustomerContext {
  cstm: string;
  config: CustomerConfig;
  language: Language;
  session: AppSession;
  /** A valid langId chose a language other than the one stored in the language cookie. */
  languageChanged: boolean;
}

/** Customer codes are URL segments: letters, digits, dash and underscore. */
const CSTM_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function isValidCstm(value: string | undefined): value is string {
  return typeof value === "string" && CSTM_PATTERN.test(value);
}

/** The configuration of the customer in the URL, once per request; null for an unknown customer. */
export function loadCustomerConfig(context: AppLoadContext, cstm: string | undefined): Promise<CustomerConfig | null> {
  if (!isValidCstm(cstm)) return Promise.resolve(null);
  return memoize(context, `config:${cstm}`, async () => {
    const result = await getConfiguration(context, cstm);
    return result.found ? result.config : null;
  });
}

/**
 * Every loader and action under $cstm starts here: the customer's configuration (R-TEN-03: an
 * unknown customer is a catalogue error page), the language (R-LANG-01/02) and the page guard
 * (R-RTE-06/08: a page outside the customer's set behaves like an unknown path). Memoized, so the
 * layout loader and the page loader of one request share one configuration call.
 */
export function requireCustomer({ request, params, context }: DataFunctionArgs): Promise<CustomerContext> {
  return memoize(context, "customer", async () => {
    const cstm = params.cstm;
    const [config, session, languages] = await Promise.all([
      loadCustomerConfig(context, cstm),
      getSession(request, context),
      storedLanguages(request, context),
    ]);
    if (!config || !cstm) {
      // The link names a customer that does not exist: the URL is invalid (E02), not a crash.
      throw new CatalogueError("E02", { status: 404, requestId: context.requestId });
    }
    const url = new URL(request.url);
    const stored = languages[cstm];
    const langId = url.searchParams.get("langId");
    const resolution = resolveLanguage(config.languages, langId, stored);
    if (!resolution.ok) {
      const onSite = Boolean(session.get("onSite")) || url.searchParams.has("onSite");
      throw new CatalogueError(resolution.reason === "unknown-language" ? "E02" : "E01", {
        requestId: context.requestId,
        onSite,
      });
    }
    if (!pageExists(config, pageOfPath(url.pathname))) {
      throw redirect(customerPath(cstm, "/page-not-found"));
    }
    return { cstm, config, language: resolution.language, session, languageChanged: langId !== null && resolution.language !== stored };
  });
}

/**
 * The language for rendering the document, never throwing: the root loader uses it so even an
 * error page (unknown customer, bad langId) is rendered in the best language available.
 */
export async function documentLanguage({ request, params, context }: DataFunctionArgs): Promise<Language> {
  try {
    const [config, languages] = await Promise.all([loadCustomerConfig(context, params.cstm), storedLanguages(request, context)]);
    if (!config || !params.cstm) return DEFAULT_LANGUAGE;
    const langId = new URL(request.url).searchParams.get("langId");
    const stored = languages[params.cstm];
    const resolution = resolveLanguage(config.languages, langId, stored);
    if (resolution.ok) return resolution.language;
    const first = config.languages.find(isSupportedLanguage);
    return first ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}
