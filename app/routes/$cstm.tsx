import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { CustomerLayout, ErrorLayout, type CustomerShell } from "~/components/layouts";
import { noticeFrom } from "~/components/notice";
import { requireCustomer } from "~/customer/customer.server";
import { customerPages } from "~/domain/customer";
import { layoutFromMatches, type RouteHandle } from "~/handle";
import { isSupportedLanguage, resolveLanguage } from "~/i18n/languages";
import { errorTitleMeta, LazyRouteErrorView } from "~/errors/lazy";
import { useTranslation } from "~/i18n/react";
import { legalNoticeModal, type LegalNoticeModalData } from "~/modals/legal-notice";
import { loadOpenModals } from "~/modals/modals.server";
import { defineModals, revalidateUnlessModalsClose } from "~/modals/route-modals";
import type { RootLoaderData } from "~/root";
import { rememberLanguage, storedLanguages } from "~/session/language.server";
import { storeChosenLanguage } from "~/account/stored-language.server";
import { currentApplicant } from "~/account/session.server";
import { commitSession } from "~/session/request.server";
import { SecondaryCalls } from "~/errors/secondary.server";

export interface CustomerLayoutData extends CustomerShell {
  /** Pages of this customer's area (R-RTE-06/08), for navigation. */
  pages: string[];
  areaName: string;
  /** Data of the open modals this route declares (legal-notice). */
  modals: { "legal-notice"?: LegalNoticeModalData };
}

/** Modals every customer page can open (the legal notice, also stacked over other modals). */
export const handle: RouteHandle = { modals: defineModals({ "legal-notice": legalNoticeModal }) };

/** The customer's own legal-notice text (configuration texts[language].legalNotice), if any. */
function legalNoticeText(texts: Record<string, Record<string, unknown>>, language: string): string | undefined {
  const text = texts[language]?.legalNotice;
  return typeof text === "string" && text.trim() ? text : undefined;
}

/**
 * The customer layout: loads the configuration (unknown customer → Error layout with a catalogue
 * error), resolves the language, guards the page set, and renders the layout the route asks for.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { session, cstm, config, language, languageChanged } = await requireCustomer(args);
  const headers = new Headers();
  // A one-time notice of the previous request (POST-redirect-GET), shown by every layout.
  const notice = session.get("notice");
  // The language the page had before this request (the cookie's choice, else the customer's first).
  const before = languageChanged
    ? resolveLanguage(config.languages, null, (await storedLanguages(args.request, args.context))[cstm])
    : null;
  // The language has a cookie of its own: choosing one creates no session record (decision 096).
  const languageCookie = languageChanged ? await rememberLanguage(args.request, args.context, cstm, language) : null;
  if (languageCookie) headers.append("Set-Cookie", languageCookie);
  // Decision 124: a signed-in applicant who switches to another language has chosen it for the account.
  const switched = before !== null && (!before.ok || before.language !== language);
  const secondary = new SecondaryCalls(args, "routes/$cstm");
  if (switched && currentApplicant(session, cstm)) await storeChosenLanguage(args.context, session, language, secondary);
  if (notice !== undefined) headers.append("Set-Cookie", await commitSession(args.context, session));
  const legalNotice = legalNoticeText(config.texts, language);
  const modals = await loadOpenModals(args.request, {
    "legal-notice": async () => ({ customerName: config.name || cstm, text: legalNotice, url: config.legalNoticeUrl }),
  });
  const applicant = session.get("applicant");
  const sameCustomer = session.get("cstm") === cstm;
  const shell: CustomerLayoutData = {
    cstm,
    customerName: config.name || cstm,
    language,
    languages: config.languages.filter(isSupportedLanguage),
    appearance: config.appearance,
    legalNoticeUrl: config.legalNoticeUrl,
    hasLegalNoticeText: legalNotice !== undefined,
    supportEmail: config.supportEmail,
    // Anonymous applicants are signed in too (navigation, logout), but their generated user name is no name.
    user: applicant && sameCustomer ? (applicant.anonymous ? {} : { name: applicant.displayName ?? applicant.userName }) : null,
    onSite: Boolean(session.get("onSite")) || config.area.onSite,
    pages: [...customerPages(config)],
    areaName: config.area.name,
    modals,
    notice: noticeFrom(notice),
  };
  return data({ ...shell, ...(await secondary.shown()) }, { headers });
}

/**
 * The layout data is fresh on every page change (one single-fetch request either way): a one-time
 * notice must not follow the visitor to the next page. Closing a modal reloads nothing.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.currentUrl.pathname !== args.nextUrl.pathname || revalidateUnlessModalsClose(args);

/**
 * Every page has a title (WCAG 2.4.2), an error page the main error's title in the document's language.
 * The error comes first: an error caught here keeps the shell's earlier data, e.g. a client navigation
 * whose route discovery failed without a connection (spec §8 "Chunk").
 */
export const meta: MetaFunction<typeof loader> = ({ data: shell, error, matches }) => {
  if (shell && !error) return [{ title: shell.customerName }];
  return errorTitleMeta(error, matches.find((match) => match.id === "root")?.data as RootLoaderData | undefined);
};

export default function CustomerRoute() {
  const shell = useLoaderData<typeof loader>();
  const matches = useMatches();
  return (
    <CustomerLayout name={layoutFromMatches(matches)} shell={shell}>
      <Outlet />
    </CustomerLayout>
  );
}

/**
 * Every error below the customer segment: the Error layout with the catalogue entry (R-SCR-13).
 * When the customer's configuration could not be loaded there is no shell: a bare error page.
 */
export function ErrorBoundary() {
  const shell = useRouteLoaderData<typeof loader>("routes/$cstm");
  const { t } = useTranslation("errors");
  const view = <LazyRouteErrorView customer={shell} />;
  if (!shell) {
    return (
      <div className="layout layout-error">
        <main id="main" className="error-main" tabIndex={-1} aria-label={t("pageLabel")}>
          {view}
        </main>
      </div>
    );
  }
  return <ErrorLayout shell={shell}>{view}</ErrorLayout>;
}
