import { paragraphsOf } from "~/domain/text";
import { useTranslation } from "~/i18n/react";
import { ModalLink } from "./modal-link";
import type { ModalContentProps, ModalDefinition } from "./route-modals";

/** What the privacy modal shows: the statement text, or null when it could not be loaded (DP01). */
export interface PrivacyModalData {
  statement: { texts: string } | null;
}

function PrivacyContent({ data, titleId }: ModalContentProps<PrivacyModalData>) {
  const { t } = useTranslation();
  const statement = data?.statement;
  return (
    <>
      <h2 id={titleId}>{t("privacyModal.title")}</h2>
      {statement ? (
        <div className="modal-text">
          {paragraphsOf(statement.texts).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      ) : (
        <p className="notice notice-error">{t("errors:DP01.message")}</p>
      )}
      <p className="modal-more">
        <ModalLink modal="legal-notice">{t("legalNotice.title")}</ModalLink>
      </p>
    </>
  );
}

/** R-SCR-10: the data-protection modal (`?modal=privacy`); load its data with loadPrivacyModal. */
export const privacyModal: ModalDefinition<PrivacyModalData> = { width: "wide", Content: PrivacyContent };
