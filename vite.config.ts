/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const appDir = fileURLToPath(new URL("./app", import.meta.url));

// Packages that only ever run on the server; Vite must not pre-bundle them for the browser in dev.
const serverOnly = ["better-sqlite3", "ioredis", "pino", "pino-http", "nodemailer", "pdf-lib", "express", "compression"];

/**
 * Decision 114: the app's own modules that every page loads (reached by static imports from the client
 * entry, the root or the customer layout) travel as one chunk: one gzip stream compresses them far
 * better than fifteen small files. Modules of single routes, of the lazily loaded error UI and
 * packages keep Rollup's own chunks.
 */
const shellRouteModules = [`${appDir}/root.tsx`, `${appDir}/routes/$cstm.tsx`];
const shellEntries = [`${appDir}/entry.client.tsx`, ...shellRouteModules];
/** The form helpers most applicant pages with a form share (login, modules, profile, report): one chunk too. */
const formModules = ["forms/field.tsx", "forms/form-state.ts", "forms/messages.ts", "forms/honeypot.tsx"].map(
  (file) => `${appDir}/${file}`,
);
/**
 * Home and the profile chooser both need the date format and the dashboard style sheet's address: one
 * small file instead of two (decision 162; the recruiter pages that format dates load 30 B more).
 */
const dashboardModules = ["i18n/format-date.ts", "styles/dashboard.css?url"].map((file) => `${appDir}/${file}`);
/**
 * Tiny modules that pages and lazily loaded chunks share: in the shell, not a file of their own (a
 * request and ~70 B of headers each; decision 159).
 */
const sharedTinyModules = ["domain/text.ts"].map((file) => `${appDir}/${file}`);
function shellChunk(id: string, { getModuleInfo }: { getModuleInfo: (id: string) => { importers: readonly string[] } | null }) {
  if (formModules.includes(id)) return "forms";
  if (dashboardModules.includes(id)) return "dashboard";
  // The root and customer-layout route modules too (decision 162): every page loads them, and inside the
  // shell they compress with it; their route chunks shrink to one line re-exporting from the shell. The
  // client entry stays a file of its own (one call into the shell): inside the shell, its hydration call
  // would run as a side effect of importing the route modules, before Remix's script registers them.
  if (sharedTinyModules.includes(id) || shellRouteModules.includes(id)) return "shell";
  if (!id.startsWith(`${appDir}/`) || id.includes("/routes/")) return undefined;
  const seen = new Set<string>();
  const reachedFromShell = (module: string): boolean => {
    if (seen.has(module)) return false;
    seen.add(module);
    return (getModuleInfo(module)?.importers ?? []).some(
      (importer) => shellEntries.includes(importer) || (!importer.includes("/routes/") && reachedFromShell(importer)),
    );
  };
  return reachedFromShell(id) ? "shell" : undefined;
}

/**
 * Vite wraps every dynamic import in a helper that first preloads the imported chunk's own imports.
 * Its stock helper (0.66 KiB gzip in every page's shell) also handles CSS dependencies, CSP nonce
 * metas, relative bases and a `vite:preloadError` event, none of which this app uses: no lazily
 * loaded chunk imports CSS, the CSP allows 'self' scripts, the base is "/", and a failed import
 * rejects into the error UI (app/errors/chunk.ts). This one keeps the preloading (decision 159).
 */
const preloadHelperId = "\0vite/preload-helper.js";
const slimPreloadHelper: Plugin = {
  name: "slim-preload-helper",
  enforce: "pre",
  apply: "build",
  load(id) {
    if (id !== preloadHelperId) return undefined;
    return `const seen = {};
export const __vitePreload = (load, deps) => {
  if (__VITE_IS_MODERN__ && deps) for (const dep of deps) {
    if (seen[dep]) continue;
    seen[dep] = 1;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = "/" + dep;
    document.head.append(link);
  }
  return load();
};`;
  },
};

/**
 * What a dynamic import preloads beside the imported chunk (decision 162): never the shell, which
 * every page has loaded by then; and nothing when only the imported chunk itself is left (the import
 * fetches it anyway), so the importing chunk carries no list of file names.
 */
function lazyChunkPreloads(file: string, deps: string[]): string[] {
  const needed = deps.filter((dep) => !/(^|\/)shell-[\w-]+\.js$/.test(dep));
  return needed.length === 1 && needed[0] === file ? [] : needed;
}

/** Vitest's order of files (docs/decisions/167); loaded under vitest only: the build has no use for its node API. */
const slowFilesFirst = process.env.VITEST ? (await import("./tests/support/slow-files-first")).default : undefined;

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": appDir } },
  plugins: [process.env.VITEST ? null : remix(remixConfig), slimPreloadHelper],
  build: {
    // Source maps for support, never shipped (docs/decisions/174): the browser's bundles get hidden maps (no
    // sourceMappingURL comment; scripts/build-server.mjs moves them out of build/client, so they are never served)
    // for the server to map client error reports; the server build gets maps that node reads (--enable-source-maps).
    sourcemap: isSsrBuild ? true : "hidden",
    // terser squeezes ~2 KiB more than esbuild out of the React/Remix floor (DESIGN §7 budget). The server build is
    // not minified: its stacks, mapped by --enable-source-maps, keep the functions' own names (decision 178).
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    assetsInlineLimit: 2048,
    modulePreload: { resolveDependencies: lazyChunkPreloads },
    // The browser's chunks only: the server build stays one file.
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk } },
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
    // Two files at a time even on a 2-core machine (vitest's default is cores − 1, i.e. one there):
    // every integration file waits on its own server's I/O much of the time, and the fuzz files
    // together run in under a minute only side by side (decision 102).
    maxWorkers: 2,
    globalSetup: ["tests/global-setup.ts"],
    sequence: slowFilesFirst ? { sequencer: slowFilesFirst } : undefined,
  },
}));
