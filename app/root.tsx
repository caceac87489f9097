import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { ReactNode } from "react";
import { FocusOnNavigation } from "~/components/focus-on-navigation";
import { useNonce } from "~/components/nonce";
import { documentLanguage } from "~/customer/customer.server";
import { errorTitleMeta, LazyRouteErrorView } from "~/errors/lazy";
import type { ErrorContext } from "~/errors/catalogue-error";
import { errorContext } from "~/errors/context.server";
import { FaultProbe, faultOf, type Fault } from "~/errors/fault-probe";
import { DocumentTexts, documentTexts, rootHasFullTexts, useClientTexts } from "~/i18n/document-texts";
import { DEFAULT_LANGUAGE, htmlLang, type Language } from "~/i18n/languages";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources.server";
import { type LanguageResources } from "~/i18n/translator";
import { isRecruiterPath } from "~/recruiter/paths";
import { getSession } from "~/session/request.server";
import stylesUrl from "~/styles/app.css?url";
import { APP_STYLESHEET } from "~/styles/inline.server";

// The app stylesheet is Layout's: inline or linked (docs/decisions/192).
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export interface RootLoaderData {
  language: Language;
  htmlLang: string;
  /**
   * The language's translations, only in answers to client navigations (single-fetch data
   * requests): a document renders them on the server and carries just the ones its page uses
   * (app/i18n/document-texts.tsx, docs/decisions/108).
   */
  resources?: LanguageResources;
  /** DESIGN §6 lite mode: on-site stations and Save-Data clients get no JavaScript at all. */
  lite: boolean;
  /**
   * The app stylesheet's text for a lite document of a visitor who is not signed in: their first
   * page, most likely with nothing cached, paints without waiting for a second request (decision 192).
   */
  inlineStylesheet?: string;
  authenticated: boolean;
  /** Request id and support address for error views that have nothing else (app/errors). */
  errorContext: ErrorContext;
  /** Test servers only: where FaultProbe throws (docs/decisions/178). */
  fault?: Fault;
}

/** The translations a client navigation needs: the recruiter namespace only on recruiter pages. */
function resourcesFor(language: Language, recruiterPage: boolean): LanguageResources {
  if (recruiterPage) return resources[language];
  const { recruiter: _recruiter, ...applicantResources } = resources[language];
  return applicantResources;
}

export async function loader(args: LoaderFunctionArgs): Promise<RootLoaderData> {
  const { request, context } = args;
  const [language, session] = await Promise.all([documentLanguage(args), getSession(request, context)]);
  const url = new URL(request.url);
  const lite = Boolean(session.get("onSite")) || url.searchParams.has("onSite") || request.headers.get("Save-Data") === "on";
  const authenticated = Boolean(session.get("applicant") || session.get("recruiter"));
  return {
    language,
    htmlLang: htmlLang(language),
    ...(context.dataRequest ? { resources: resourcesFor(language, isRecruiterPath(url.pathname)) } : {}),
    lite,
    ...(lite && !authenticated && !context.dataRequest ? { inlineStylesheet: APP_STYLESHEET } : {}),
    authenticated,
    errorContext: errorContext(request, context),
    ...(context.services.faultInjection ? faultOf(url) : {}),
  };
}

/**
 * The first client navigation fetches the language's translations (the document carried only its
 * page's); later ones keep them unless the language may change.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  // Also after a failed action (Remix skips revalidation then): its error dialogs need the texts.
  if (!rootHasFullTexts()) return true;
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.searchParams.get("langId") !== nextUrl.searchParams.get("langId")) return true;
  if (isRecruiterPath(currentUrl.pathname) !== isRecruiterPath(nextUrl.pathname)) return true;
  return currentUrl.pathname.split("/")[1] !== nextUrl.pathname.split("/")[1];
};

/**
 * What the error view needs for the errors the browser meets on its own (a lost connection, a failed
 * chunk, a fault of its own: app/errors/route-error.ts), before any client navigation has brought
 * the full translations.
 */
const BROWSER_ERROR_TEXTS = ["pageLabel", "codeLabel", "close", "reference", "defaultHint", "E01", "C01", "Chunk"];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  useClientTexts("errors", BROWSER_ERROR_TEXTS);
  const language = data?.language ?? DEFAULT_LANGUAGE;
  return (
    <html lang={data?.htmlLang ?? htmlLang(language)} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {data?.inlineStylesheet ? (
          <style dangerouslySetInnerHTML={{ __html: data.inlineStylesheet }} />
        ) : (
          <link rel="stylesheet" href={stylesUrl} />
        )}
        <Links />
      </head>
      <body>
        <I18nProvider language={language} resources={documentTexts(language, data?.resources)}>
          {children}
        </I18nProvider>
        {/* The file for the pages after this one, fetched once the page is done (decision 192). */}
        {data?.inlineStylesheet ? <link rel="prefetch" href={stylesUrl} as="style" /> : null}
        {data?.lite ? null : (
          <>
            <DocumentTexts language={language} />
            <FocusOnNavigation />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * An error no customer layout caught (the bare host) still has a title (WCAG 2.4.2): the main error's,
 * as the customer layout's meta gives its error pages. Pages name their own titles.
 */
export const meta: MetaFunction<typeof loader> = ({ data: root, error }) => (error ? errorTitleMeta(error, root) : []);

export default function App() {
  const fault = useRouteLoaderData<typeof loader>("root")?.fault;
  return (
    <>
      {fault ? <FaultProbe fault={fault} /> : null}
      <Outlet />
    </>
  );
}

/**
 * Errors no customer layout caught: the bare host, or the root loader itself failing. Rendered
 * inside Layout, so the document keeps its language, styles and nonce (the error brings its own
 * texts when the root loader failed); never a stack trace.
 */
export function ErrorBoundary() {
  return (
    <div className="layout layout-error">
      <main id="main" className="error-main" tabIndex={-1}>
        <LazyRouteErrorView />
      </main>
    </div>
  );
}
