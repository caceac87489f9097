import type { ChangePasswordData } from "~/account/change-password.server";
import { ChangePasswordForm } from "~/components/change-password-form";
import { customerPath } from "~/domain/customer-path";
import { useTranslation } from "~/i18n/react";
import type { ModalContentProps, ModalDefinition } from "~/modals/route-modals";

export interface ChangePasswordModalData extends ChangePasswordData {
  cstm: string;
  /** The page the dialog was opened on: where a successful change returns. */
  returnTo: string;
}

function ChangePasswordContent({ data, titleId }: ModalContentProps<ChangePasswordModalData>) {
  const { t } = useTranslation("auth");
  if (!data) return <h2 id={titleId}>{t("changePassword.title")}</h2>;
  return (
    <>
      <h2 id={titleId}>{t("changePassword.title")}</h2>
      <ChangePasswordForm
        action={customerPath(data.cstm, "/change-password")}
        returnTo={data.returnTo}
        available={data.available}
        rules={data.rules}
        constraint={data.constraint}
      />
    </>
  );
}

/**
 * R-SCR-10: the change-password modal (`?modal=change-password`). It posts to the change-password
 * action, which shows the same form as a page when the input is refused (works without JavaScript).
 */
export const changePasswordModal: ModalDefinition<ChangePasswordModalData> = { Content: ChangePasswordContent };
