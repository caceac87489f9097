import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { homeRouteLoader } from "~/dashboard/home-route.server";
import { homeAction } from "~/dashboard/home.server";
import { homeHandle, homeLinks, homeMeta, HomeRoute } from "~/dashboard/home-view";

/** home-on-site (spec §2, trainee area): the home of on-site stations, without the report download. */
export const handle = homeHandle;
export const links = homeLinks;
export const meta = homeMeta;

export function loader(args: LoaderFunctionArgs) {
  return homeRouteLoader(args, "home-on-site");
}

export function action(args: ActionFunctionArgs) {
  return homeAction(args, "home-on-site");
}

export default HomeRoute;
