import type { LoaderFunctionArgs } from "@remix-run/node";
import { changePasswordData } from "~/account/change-password.server";
import { customerPath } from "~/domain/customer-path";
import { getTranslator } from "~/i18n/i18n.server";
import { loadOpenModals } from "~/modals/modals.server";
import { requireActiveProfile } from "./active-profile.server";
import { loadFeedbackModal, openFeedbackOnRequest } from "./feedback.server";
import type { HomeVariant } from "./home";
import { homeLoader } from "./home.server";
import { SecondaryCalls } from "~/errors/secondary.server";

/**
 * The home routes' loader: the page; the feedback dialog once when the upstream asks for feedback
 * (R-SCR-10, decision 072); and the data of the open dialogs (change password, feedback).
 */
export async function homeRouteLoader(args: LoaderFunctionArgs, variant: HomeVariant) {
  const active = await requireActiveProfile(args);
  const secondary = new SecondaryCalls(args, `routes/$cstm.${variant}`);
  const view = await homeLoader(args, variant, active, secondary);
  await openFeedbackOnRequest(args, active, { requested: view.feedbackRequested, seen: view.feedbackModalSeen });
  const modals = await loadOpenModals(args.request, {
    // The dialog's password rules are secondary too: without them it shows its title, the error over it.
    "change-password": () =>
      secondary.run(
        async () => ({ ...(await changePasswordData(args)), cstm: view.cstm, returnTo: customerPath(view.cstm, `/${variant}`) }),
        undefined,
      ),
    feedback: () => loadFeedbackModal(args, active),
  });
  const t = getTranslator(view.language, "dashboard");
  return { view, modals, title: t(variant === "home" ? "home.title" : "home.onSiteTitle"), ...(await secondary.shown()) };
}
