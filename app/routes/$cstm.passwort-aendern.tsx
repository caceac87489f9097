import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { changePasswordAction, changePasswordData } from "~/account/change-password.server";
import { requireApplicant } from "~/account/session.server";
import { ChangePasswordPage } from "~/components/change-password-form";
import { customerPath } from "~/domain/customer-path";
import { getTranslator } from "~/i18n/i18n.server";

/** The trainee area's change-password page (spec §2: passwort-aendern). */
export async function loader(args: LoaderFunctionArgs) {
  const { cstm, language } = await requireApplicant(args);
  const t = getTranslator(language, "auth");
  return { ...(await changePasswordData(args)), cstm, title: t("changePassword.title") };
}

export async function action(args: ActionFunctionArgs) {
  const { cstm } = await requireApplicant(args);
  return changePasswordAction(args, customerPath(cstm, "/passwort-aendern"));
}

export default function PasswortAendernRoute() {
  const { cstm, available, rules, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const self = customerPath(cstm, "/passwort-aendern");
  return (
    <ChangePasswordPage
      action={self}
      returnTo={self}
      available={available}
      rules={rules}
      constraint={constraint}
      lastResult={actionData?.result}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
