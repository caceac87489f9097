import { deferredModule } from "~/components/deferred";
import type { ModalDefinition } from "./route-modals";

/** The customer's legal notice: its text from configuration and/or the address of its full notice. */
export interface LegalNoticeModalData {
  customerName: string;
  text?: string;
  url?: string;
}

/**
 * The contents of the legal-notice and privacy modals (text-modals.tsx): every customer page declares
 * the legal notice, but few open it, so its content loads when a modal opens, not with the page's
 * hydration (decision 159).
 */
export const textModals = deferredModule(() => import("./text-modals"), "text modals");

/** Declared by the $cstm layout route: every customer page can stack it (e.g. over the privacy modal). */
export const legalNoticeModal: ModalDefinition<LegalNoticeModalData> = {
  width: "narrow",
  Content: textModals.component((module) => module.LegalNoticeContent),
};
