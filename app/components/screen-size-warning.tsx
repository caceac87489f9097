import { useTranslation } from "~/i18n/react";

/**
 * R-SCR-10: the screen-size warning. Always in the Dashboard layout's HTML and shown by CSS alone
 * (app.css, `.screen-size-warning`) on viewports narrower than 320 px or in landscape lower than
 * 300 px, so it works without JavaScript and costs no script. docs/decisions/084.
 */
export function ScreenSizeWarning() {
  const { t } = useTranslation("pages");
  return (
    <p className="screen-size-warning notice notice-info" role="note">
      {t("screenSize.warning")}
    </p>
  );
}
