import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/**
 * After a successful change the action redirects with `?notice=password-changed`
 * (account/change-password.server.ts): the page it returns to confirms it.
 */
export function PasswordChangedNotice() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  if (searchParams.get("notice") !== "password-changed") return null;
  return (
    <p className="notice notice-success" role="status">
      {t("changePassword.saved")}
    </p>
  );
}
