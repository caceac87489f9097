import { useTranslation } from "~/i18n/react";

/** What an erasure removes and keeps, and that it is final (docs/decisions/181): the one page's and the bulk one's (183). */
export function EraseWarning() {
  const { t } = useTranslation("recruiter");
  return (
    <>
      <p>{t("erase.intro")}</p>
      <ul>
        <li>{t("erase.what1")}</li>
        <li>{t("erase.what2")}</li>
        <li>{t("erase.what3")}</li>
      </ul>
      <p>{t("erase.kept")}</p>
      <p>
        <strong>{t("erase.irreversible")}</strong>
      </p>
    </>
  );
}
