import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { changePasswordModal } from "~/dashboard/change-password-modal";
import { feedbackModal } from "~/dashboard/feedback";
import { homeRouteLoader } from "~/dashboard/home-route.server";
import { homeAction, type HomeActionData } from "~/dashboard/home.server";
import { HomePage } from "~/dashboard/home-view";
import type { RouteHandle } from "~/handle";
import { defineModals } from "~/modals/route-modals";
import stylesUrl from "~/styles/dashboard.css?url";

/** home (spec §2): the active profile's containers and modules, progress and notices. */
export const handle: RouteHandle = { modals: defineModals({ "change-password": changePasswordModal, feedback: feedbackModal }) };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export function loader(args: LoaderFunctionArgs) {
  return homeRouteLoader(args, "home");
}

export function action(args: ActionFunctionArgs) {
  return homeAction(args, "home");
}

export default function HomeRoute() {
  const { view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as HomeActionData | undefined;
  return <HomePage view={view} refused={actionData?.refused ?? null} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);
