import { Link, useLocation } from "@remix-run/react";
import { pageOfPath } from "~/domain/customer";
import { customerPath } from "~/domain/customer-path";
import { navigationFor } from "~/domain/navigation";
import { useTranslation } from "~/i18n/react";

/**
 * R-NAV-01: the customer's menu by rank, the current page marked, and Logout as a POST form (a GET
 * link could be triggered by prefetching or a crawler). A wrapping list: usable at 320 px and
 * without JavaScript, no hover menus.
 */
export function Navigation({ cstm, pages }: { cstm: string; pages: readonly string[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const items = navigationFor(pages, pageOfPath(location.pathname));
  return (
    <nav className="main-nav" aria-label={t("navigation.label")}>
      <ul className="main-nav-list">
        {items.map((item) => (
          <li key={item.page}>
            <Link to={customerPath(cstm, `/${item.page}`)} aria-current={item.current ? "page" : undefined}>
              {t(`navigation.${item.page}`)}
            </Link>
          </li>
        ))}
        <li className="main-nav-logout">
          <form method="post" action={customerPath(cstm, "/logout")}>
            <button type="submit">{t("navigation.logout")}</button>
          </form>
        </li>
      </ul>
    </nav>
  );
}
