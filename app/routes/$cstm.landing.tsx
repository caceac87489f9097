import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireCustomer } from "~/customer/customer.server";
import { customerPages } from "~/domain/customer";
import { customerPath } from "~/domain/customer-path";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";

export const handle: RouteHandle = { layout: "landing" };

/**
 * R-RTE-01: the landing page, the entry of the applicant-initiative area: the customer's name, a
 * short welcome, sign-in, and registration when the customer allows it and the area has the page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { cstm, config, language } = await requireCustomer(args);
  const pages = customerPages(config);
  const customerName = config.name || cstm;
  return {
    customerName,
    title: getTranslator(language)("landing.documentTitle", { customer: customerName }),
    loginHref: pages.has("login") ? customerPath(cstm, "/login") : null,
    registrationHref: config.enableRegistration && pages.has("registration") ? customerPath(cstm, "/registration") : null,
  };
}

export default function LandingRoute() {
  const { customerName, loginHref, registrationHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="landing-title">
      <h1 id="landing-title">{customerName}</h1>
      <p>{t("landing.welcome")}</p>
      {registrationHref ? <p>{t("landing.registerHint")}</p> : null}
      <div className="button-row">
        {loginHref ? (
          <Link className="button button-primary" to={loginHref}>
            {t("landing.login")}
          </Link>
        ) : null}
        {registrationHref ? (
          <Link className="button" to={registrationHref}>
            {t("landing.register")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
