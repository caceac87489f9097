// Lab preload (node --import): Remix's loader and action calls hand on the page's own Request instead of a copy when
// the URL has no `index` or `_routes` parameter to strip (@remix-run/server-runtime's stripIndexParam and
// stripRoutesParam make two copies per loader). Measures what the copies cost before anyone patches them:
// docs/performance.md, «Where home's separate-mode CPU goes, once more, 2026-12-01 (morning)». Throws if the
// functions no longer read as expected, so a changed Remix cannot pass for a measured one.
// Usage: cp -r build .tmp/ab-before && node bench/ssr-throughput.mjs --upstream separate --pages home
//        --before .tmp/ab-before --before-node-args "" --node-args "--import ./bench/lab/remix-request-copies.mjs"
import Module from "node:module";
import path from "node:path";

const DATA_JS = path.join("@remix-run", "server-runtime", "dist", "data.js");

const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
  if (filename.endsWith(path.sep + DATA_JS)) {
    const patched = content
      .replace(
        "function stripIndexParam(request) {\n  let url = new URL(request.url);",
        'function stripIndexParam(request) {\n  let url = new URL(request.url);\n  if (!url.searchParams.has("index")) return request;',
      )
      .replace(
        "function stripRoutesParam(request) {\n  let url = new URL(request.url);",
        'function stripRoutesParam(request) {\n  let url = new URL(request.url);\n  if (!url.searchParams.has("_routes")) return request;',
      );
    if ((patched.match(/\) return request;/g) ?? []).length !== 2) throw new Error("remix-request-copies: data.js is not as expected");
    content = patched;
  }
  return compile.call(this, content, filename);
};
