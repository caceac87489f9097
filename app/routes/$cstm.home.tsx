import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { homeRouteLoader } from "~/dashboard/home-route.server";
import { homeAction } from "~/dashboard/home.server";
import { homeHandle, homeLinks, homeMeta, HomeRoute } from "~/dashboard/home-view";

/** home (spec §2): the active profile's containers and modules, progress and notices. */
export const handle = homeHandle;
export const links = homeLinks;
export const meta = homeMeta;

export function loader(args: LoaderFunctionArgs) {
  return homeRouteLoader(args, "home");
}

export function action(args: ActionFunctionArgs) {
  return homeAction(args, "home");
}

export default HomeRoute;
