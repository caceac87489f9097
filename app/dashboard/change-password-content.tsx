import { ChangePasswordForm } from "~/components/change-password-form";
import { customerPath } from "~/domain/customer-path";
import { useTranslation } from "~/i18n/react";
import type { ModalContentProps } from "~/modals/route-modals";
import type { ChangePasswordModalData } from "./change-password-modal";

/** The change-password modal's form (change-password-modal.tsx), loaded when the modal opens. */
export function ChangePasswordContent({ data, titleId }: ModalContentProps<ChangePasswordModalData>) {
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
