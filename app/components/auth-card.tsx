import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";

/**
 * The card the account pages share (activation, forgot and reset password, registration): the
 * section named by its heading, and the way back to the login where one is given.
 */
export function AuthCard({
  titleId,
  title,
  loginHref,
  children,
}: {
  titleId: string;
  title: ReactNode;
  loginHref?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <section className="card auth-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {children}
      {loginHref ? (
        <p>
          <Link to={loginHref}>{t("backToLogin")}</Link>
        </p>
      ) : null}
    </section>
  );
}
