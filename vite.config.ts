/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const appDir = fileURLToPath(new URL("./app", import.meta.url));

// Packages that only ever run on the server; Vite must not pre-bundle them for the browser in dev.
const serverOnly = [
  "better-sqlite3",
  "ioredis",
  "pino",
  "pino-http",
  "nodemailer",
  "pdf-lib",
  "express",
  "compression",
  "i18next",
  "remix-i18next",
];

export default defineConfig({
  resolve: { alias: { "~": appDir } },
  plugins: [process.env.VITEST ? null : remix(remixConfig)],
  build: {
    // Applicant pages must stay tiny: no source maps shipped, small chunks inlined.
    sourcemap: false,
    // terser squeezes ~2 KiB more than esbuild out of the React/Remix floor (DESIGN §7 budget).
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    assetsInlineLimit: 2048,
  },
  optimizeDeps: { exclude: serverOnly },
  ssr: { noExternal: [] },
  test: {
    include: ["tests/{unit,integration,api,fuzz}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: true,
    globalSetup: ["tests/global-setup.ts"],
  },
});
