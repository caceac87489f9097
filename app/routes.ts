import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

// Flat file routes under app/routes; `$cstm` is the customer segment (R-TEN-01).
// Files starting with "__" are route helpers, not routes (STYLE).
export default flatRoutes({ ignoredRouteFiles: ["**/__*"] }) satisfies RouteConfig;
