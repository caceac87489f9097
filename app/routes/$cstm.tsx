import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches, useRouteLoaderData } from "@remix-run/react";
import { CustomerLayout, ErrorLayout, type CustomerShell } from "~/components/layouts";
import { requireCustomer } from "~/customer/customer.server";
import { customerPages } from "~/domain/customer";
import { RouteErrorView } from "~/errors/boundary";
import { layoutFromMatches } from "~/handle";
import { isSupportedLanguage } from "~/i18n/languages";
import { useTranslation } from "~/i18n/react";
import { commitSession } from "~/session/request.server";

export interface CustomerLayoutData extends CustomerShell {
  /** Pages of this customer's area (R-RTE-06/08), for navigation. */
  pages: string[];
  areaName: string;
}

/**
 * The customer layout: loads the configuration (unknown customer → Error layout with a catalogue
 * error), resolves the language, guards the page set, and renders the layout the route asks for.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { session, cstm, config, language, languageChanged } = await requireCustomer(args);
  const headers = new Headers();
  if (languageChanged) {
    session.set("languages", { ...session.get("languages"), [cstm]: language });
    headers.append("Set-Cookie", await commitSession(args.context, session));
  }
  const applicant = session.get("applicant");
  const sameCustomer = session.get("cstm") === cstm;
  const shell: CustomerLayoutData = {
    cstm,
    customerName: config.name || cstm,
    language,
    languages: config.languages.filter(isSupportedLanguage),
    appearance: config.appearance,
    legalNoticeUrl: config.legalNoticeUrl,
    supportEmail: config.supportEmail,
    user:
      applicant && sameCustomer && !applicant.anonymous
        ? { name: applicant.displayName ?? applicant.userName }
        : null,
    onSite: Boolean(session.get("onSite")) || config.area.onSite,
    pages: [...customerPages(config)],
    areaName: config.area.name,
  };
  return data(shell, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: shell }) => [{ title: shell?.customerName ?? "" }];

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
  const view = <RouteErrorView customer={shell} />;
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
