import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { changePasswordAction, changePasswordData, defaultReturn } from "~/account/change-password.server";
import { requireApplicant, safeCustomerRedirect, takeResumedValues } from "~/account/session.server";
import { ChangePasswordPage } from "~/components/change-password-form";
import { customerPath } from "~/domain/customer-path";
import { getTranslator } from "~/i18n/i18n.server";

/**
 * The change-password dialog's action, in every area; opened as a page (no dialog) it shows the same
 * form, so the change works without JavaScript and from a bookmark.
 */
export async function loader(args: LoaderFunctionArgs) {
  const applicant = await requireApplicant(args);
  const { cstm, language } = applicant;
  // Decision 126: posted into an expired session, the form keeps where it leads back
  // to (the page its dialog was opened on); the passwords themselves are never kept.
  const resumed = await takeResumedValues(args.context, applicant, customerPath(cstm, "/change-password"));
  const returnTo = safeCustomerRedirect(
    cstm,
    new URL(args.request.url).searchParams.get("returnTo") ?? resumed?.returnTo,
    defaultReturn(cstm),
  );
  const t = getTranslator(language, "auth");
  return { ...(await changePasswordData(args)), cstm, returnTo, title: t("changePassword.title") };
}

export async function action(args: ActionFunctionArgs) {
  const { cstm } = await requireApplicant(args);
  return changePasswordAction(args, defaultReturn(cstm));
}

export default function ChangePasswordRoute() {
  const { cstm, returnTo, available, rules, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ChangePasswordPage
      action={customerPath(cstm, "/change-password")}
      returnTo={returnTo}
      available={available}
      rules={rules}
      constraint={constraint}
      lastResult={actionData?.result}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
