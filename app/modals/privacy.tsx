import { textModals } from "./legal-notice";
import type { ModalDefinition } from "./route-modals";

/** What the privacy modal shows: the statement text, or null when it could not be loaded (DP01). */
export interface PrivacyModalData {
  statement: { texts: string } | null;
}

/** R-SCR-10: the data-protection modal (`?modal=privacy`); load its data with loadPrivacyModal. Its content: text-modals.tsx. */
export const privacyModal: ModalDefinition<PrivacyModalData> = {
  width: "wide",
  Content: textModals.component((module) => module.PrivacyContent),
};
