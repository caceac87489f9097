import { paragraphsOf } from "~/domain/text";
import { useTranslation } from "~/i18n/react";
import type { ModalContentProps, ModalDefinition } from "./route-modals";

/** The customer's legal notice: its text from configuration and/or the address of its full notice. */
export interface LegalNoticeModalData {
  customerName: string;
  text?: string;
  url?: string;
}

function LegalNoticeContent({ data, titleId }: ModalContentProps<LegalNoticeModalData>) {
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

/** Declared by the $cstm layout route: every customer page can stack it (e.g. over the privacy modal). */
export const legalNoticeModal: ModalDefinition<LegalNoticeModalData> = { width: "narrow", Content: LegalNoticeContent };
