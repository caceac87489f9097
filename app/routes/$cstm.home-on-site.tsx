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

/** home-on-site (spec §2, trainee area): the home of on-site stations, without the report download. */
export const handle: RouteHandle = { modals: defineModals({ "change-password": changePasswordModal, feedback: feedbackModal }) };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export function loader(args: LoaderFunctionArgs) {
  return homeRouteLoader(args, "home-on-site");
}

export function action(args: ActionFunctionArgs) {
  return homeAction(args, "home-on-site");
}

export default function HomeOnSiteRoute() {
  const { view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as HomeActionData | undefined;
  return <HomePage view={view} refused={actionData?.refused ?? null} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);
