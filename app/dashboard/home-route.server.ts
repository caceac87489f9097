import type { LoaderFunctionArgs } from "@remix-run/node";
import { changePasswordData } from "~/account/change-password.server";
import { customerPath } from "~/domain/customer-path";
import { getTranslator } from "~/i18n/i18n.server";
import { loadOpenModals } from "~/modals/modals.server";
import type { HomeVariant } from "./home";
import { homeLoader } from "./home.server";

/** The home routes' loader: the page, and the change-password dialog's data while it is open. */
export async function homeRouteLoader(args: LoaderFunctionArgs, variant: HomeVariant) {
  const view = await homeLoader(args, variant);
  const modals = await loadOpenModals(args.request, {
    "change-password": async () => ({ ...(await changePasswordData(args)), cstm: view.cstm, returnTo: customerPath(view.cstm, `/${variant}`) }),
  });
  const t = getTranslator(view.language, "dashboard");
  return { view, modals, title: t(variant === "home" ? "home.title" : "home.onSiteTitle") };
}
