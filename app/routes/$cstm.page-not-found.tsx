import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireCustomer } from "~/customer/customer.server";
import { areaRootPage } from "~/domain/customer";
import { customerPath } from "~/domain/customer-path";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";

export const handle: RouteHandle = { layout: "error" };

/** R-RTE-03: the page-not-found page with its exit button (to the area's root page). */
export async function loader(args: LoaderFunctionArgs) {
  const { cstm, config, language } = await requireCustomer(args);
  const t = getTranslator(language);
  return data({ exitHref: customerPath(cstm, `/${areaRootPage(config)}`), title: t("pageNotFound.title") }, { status: 404 });
}

export default function PageNotFoundRoute() {
  const { exitHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t("pageNotFound.title")}</h1>
      <p>{t("pageNotFound.text")}</p>
      <a className="button button-primary" href={exitHref}>
        {t("pageNotFound.exit")}
      </a>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];
