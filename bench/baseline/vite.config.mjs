// The bare Remix page of bench/ssr-throughput and bench/page-weight (decision 105):
// a minimal Remix app built with this project's own @remix-run/*, React and Vite from the root
// node_modules, with the same v3 future flags and minifier as the product. Built by
// bench/lib/baseline.mjs into bench/baseline/build (gitignored) when a benchmark runs.
import { vitePlugin as remix } from "@remix-run/dev";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  logLevel: "warn",
  plugins: [
    remix({
      appDirectory: "app",
      buildDirectory: "build",
      serverModuleFormat: "esm",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
      },
    }),
  ],
  build: {
    sourcemap: false,
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    assetsInlineLimit: 2048,
  },
});
