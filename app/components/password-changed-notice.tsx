import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/**
 * After a successful change the action redirects with `?notice=password-changed`
 * (account/change-password.server.ts): the page it returns to confirms it.
 */
export function PasswordChangedNotice() {
  const { t } = useTranslation("auth");
  // useLocation, not useSearchParams: that hook would bring its setter's code into every page's shell (decision 162).
  if (new URLSearchParams(useLocation().search).get("notice") !== "password-changed") return null;
  return (
    <p className="notice notice-success" role="status">
      {t("changePassword.saved")}
    </p>
  );
}
