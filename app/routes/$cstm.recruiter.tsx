import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { RouteHandle } from "~/handle";
import { useTranslation } from "~/i18n/react";
import { recruiterPath } from "~/recruiter/paths";
import { requireRecruiter } from "~/recruiter/session.server";
import recruiterStyles from "~/styles/recruiter.css?url";

/**
 * The recruiter workspace's frame (docs/decisions/140): its own navigation (PAGES below) and a logout
 * that ends only the recruiter's part of the session. Each page below guards itself as well
 * (requireRecruiter): a parent's check protects no child loader.
 */
export const handle: RouteHandle = { layout: "landing" };

export const links = () => [{ rel: "stylesheet", href: recruiterStyles }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader(args: LoaderFunctionArgs) {
  const { cstm, recruiter } = await requireRecruiter(args);
  return { cstm, name: recruiter.displayName ?? recruiter.userName };
}

const PAGES = [
  { path: "/applicants", key: "nav.applicants" },
  // Creating applicants, one or many (decisions 151–153).
  { path: "/create", key: "create.nav" },
  { path: "/import", key: "import.nav" },
  // Progress and summary (decision 155).
  { path: "/summary", key: "nav.summary" },
  // Test setup (decision 157).
  { path: "/tests", key: "nav.tests" },
  // What the retention job erases in the next 30 days (decision 187).
  { path: "/retention", key: "nav.retention" },
  // The employee intro (decision 158).
  { path: "/intro", key: "nav.intro" },
] as const;

export default function RecruiterFrame() {
  const { cstm, name } = useLoaderData<typeof loader>();
  const { t } = useTranslation("recruiter");
  const location = useLocation();
  return (
    <div className="recruiter">
      <nav className="main-nav recruiter-nav" aria-label={t("nav.label")}>
        <ul className="main-nav-list">
          {PAGES.map((page) => {
            const path = recruiterPath(cstm, page.path);
            return (
              <li key={page.path}>
                <Link to={path} aria-current={location.pathname === path ? "page" : undefined}>
                  {t(page.key)}
                </Link>
              </li>
            );
          })}
          <li className="recruiter-nav-user">{t("nav.signedInAs", { name })}</li>
          <li className="main-nav-logout">
            <form method="post" action={recruiterPath(cstm, "/logout")}>
              <button type="submit">{t("nav.logout")}</button>
            </form>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
