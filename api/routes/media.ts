import type { Router } from "express";
import type { ApiContext } from "../context";
import { notFound } from "../http/errors";
import { route } from "../http/handlers";
import { staticAssets } from "../media/assets";

/** GET /media/{file}: the static files referenced by other answers (docs/api.md, Media). */
export function mediaRoutes(router: Router, ctx: ApiContext): void {
  const assets = staticAssets([...ctx.catalogue.customers.values()]);
  router.get(
    "/media/:file",
    route((req, res) => {
      const asset = assets.get(String(req.params.file));
      if (!asset) throw notFound("not_found");
      res.setHeader("Cache-Control", "public, max-age=3600");
      res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
      res.type(asset.type).send(asset.body);
    }),
  );
}
