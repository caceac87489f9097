import { paragraphsOf } from "~/domain/text";
import { useTranslation } from "~/i18n/react";
import type { LegalNoticeModalData } from "./legal-notice";
import { ModalLink } from "./modal-link";
import type { PrivacyModalData } from "./privacy";
import type { ModalContentProps } from "./route-modals";

/** The legal-notice and privacy modals' contents, loaded apart when one opens (legal-notice.tsx, decision 159). */

export function LegalNoticeContent({ data, titleId }: ModalContentProps<LegalNoticeModalData>) {
  const { t } = useTranslation();
  return (
    <>
      <h2 id={titleId}>{t("legalNotice.title")}</h2>
      {data?.text ? (
        <div className="modal-text">
          {paragraphsOf(data.text).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      ) : (
        <p>{t("legalNotice.fallback", { name: data?.customerName ?? "" })}</p>
      )}
      {data?.url ? (
        <p>
          <a href={data.url} rel="noopener noreferrer">
            {t("legalNotice.full")}
          </a>
        </p>
      ) : null}
    </>
  );
}

export function PrivacyContent({ data, titleId }: ModalContentProps<PrivacyModalData>) {
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
