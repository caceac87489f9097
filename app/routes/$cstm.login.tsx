import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireCustomer } from "~/customer/customer.server";
import { customerPath } from "~/domain/customer-path";
import { customerPages } from "~/domain/customer";
import { CheckboxField, Field, FormErrors } from "~/forms/field";
import { useFormState } from "~/forms/form-state";
import { loginSchema } from "~/forms/login";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { ModalLink } from "~/modals/modal";
import { loadOpenModals } from "~/modals/modals.server";
import { privacyModal } from "~/modals/privacy";
import { loadPrivacyModal } from "~/modals/privacy.server";
import { defineModals, revalidateUnlessModalsClose } from "~/modals/route-modals";

export const handle: RouteHandle = { layout: "landing", modals: defineModals({ privacy: privacyModal }) };

export async function loader(args: LoaderFunctionArgs) {
  const customer = await requireCustomer(args);
  const { cstm, config, language } = customer;
  const modals = await loadOpenModals(args.request, { privacy: () => loadPrivacyModal(args.context, customer) });
  const pages = customerPages(config);
  const t = getTranslator(language, "auth");
  return {
    cstm,
    title: t("login.documentTitle", { customer: config.name || cstm }),
    constraint: getZodConstraint(loginSchema),
    links: {
      forgotPassword: pages.has("forgot-password") ? customerPath(cstm, "/forgot-password") : null,
      registration: config.enableRegistration && pages.has("registration") ? customerPath(cstm, "/registration") : null,
    },
    modals,
  };
}

export default function LoginRoute() {
  const { constraint, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  const navigation = useNavigation();
  const { t } = useTranslation("auth");
  const { form, fields } = useFormState("login", ["username", "password", "privacy"], {
    lastResult: actionData?.result,
    constraint,
  });

  return (
    <section className="card auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t("login.title")}</h1>
      <Form method="post" id={form.id} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
        <FormErrors id={form.errorId} errors={form.errors} namespace="auth" />
        <Field field={fields.username} label={t("login.username")} autoComplete="username" />
        <Field field={fields.password} label={t("login.password")} type="password" autoComplete="current-password" />
        <CheckboxField
          field={fields.privacy}
          label={
            <>
              {t("login.privacyPrefix")}{" "}
              <ModalLink modal="privacy">{t("login.privacyLink")}</ModalLink>
            </>
          }
        />
        <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("login.submitting") : t("login.submit")}
        </button>
      </Form>
      <ul className="auth-links">
        {links.forgotPassword ? (
          <li>
            <Link to={links.forgotPassword}>{t("login.forgotPassword")}</Link>
          </li>
        ) : null}
        {links.registration ? (
          <li>
            <Link to={links.registration}>{t("login.register")}</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

export const shouldRevalidate = revalidateUnlessModalsClose;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
