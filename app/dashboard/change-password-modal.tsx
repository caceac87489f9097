import type { ChangePasswordData } from "~/account/change-password.server";
import { deferredModule } from "~/components/deferred";
import type { ModalDefinition } from "~/modals/route-modals";

export interface ChangePasswordModalData extends ChangePasswordData {
  cstm: string;
  /** The page the dialog was opened on: where a successful change returns. */
  returnTo: string;
}

/**
 * R-SCR-10: the change-password modal (`?modal=change-password`). It posts to the change-password
 * action, which shows the same form as a page when the input is refused (works without JavaScript).
 */
export const changePasswordModal: ModalDefinition<ChangePasswordModalData> = {
  // The form loads when the modal opens (decision 114).
  Content: deferredModule(() => import("./change-password-content"), "change-password form").component(
    (module) => module.ChangePasswordContent,
  ),
};
