import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Decision 114: the error UI (app/errors/error-ui.ts: the boundary's view, the dialogs, the catalogue) is no part of a
 * page's hydration; pages render LazyRouteErrorView and LazyErrorDialogs (app/errors/lazy.tsx), which load it apart.
 * One import of boundary.tsx or error-dialogs.tsx from a page, the root or the customer layout would move it into
 * that page's or every page's bundle without any other sign, so this reads the client build: Remix's manifest names
 * the chunks each route and the entry load statically, and each chunk's hidden source map (build/sourcemaps/client,
 * decision 174) names the modules inside it.
 *
 * It judges the build in build/: vitest's global setup builds when none is there, except under `npm run test:fast`
 * (TEST_SKIP_BUILD), whose build may be missing or older than the code, so it is skipped there.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const CLIENT_ASSETS = path.join(ROOT, "build/client/assets");
const SOURCE_MAPS = path.join(ROOT, "build/sourcemaps/client/assets");

/** The modules that make the error UI what it is; what else its chunk holds follows from them. */
const ERROR_UI_MODULES = ["app/errors/error-ui.ts", "app/errors/boundary.tsx", "app/errors/error-dialogs.tsx"];

interface ManifestChunk {
  module: string;
  imports?: string[];
}

interface RemixManifest {
  entry: ManifestChunk;
  routes: Record<string, ManifestChunk>;
}

function remixManifest(): RemixManifest {
  const file = readdirSync(CLIENT_ASSETS).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no Remix manifest in ${CLIENT_ASSETS}`);
  const text = readFileSync(path.join(CLIENT_ASSETS, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as RemixManifest;
}

const modulesByChunk = new Map<string, string[]>();

/** A chunk's own modules (app-relative paths), from its source map: sources are relative to build/client/assets. */
function modulesOf(chunk: string): string[] {
  const file = path.basename(chunk);
  let modules = modulesByChunk.get(file);
  if (!modules) {
    const map = JSON.parse(readFileSync(path.join(SOURCE_MAPS, `${file}.map`), "utf8")) as { sources: string[] };
    modules = map.sources.map((source) => path.relative(ROOT, path.resolve(CLIENT_ASSETS, source)));
    modulesByChunk.set(file, modules);
  }
  return modules;
}

/** The chunks a document loads before hydration: the module and the static imports (Remix lists them transitively). */
function staticChunks({ module, imports = [] }: ManifestChunk): string[] {
  return [module, ...imports];
}

describe.skipIf(process.env.TEST_SKIP_BUILD === "1")("decision 114: the error UI is loaded apart from every page", () => {
  it("the build has a Remix manifest and the client's source maps", () => {
    expect(existsSync(CLIENT_ASSETS), "build/client/assets").toBe(true);
    expect(existsSync(SOURCE_MAPS), "build/sourcemaps/client/assets").toBe(true);
    expect(remixManifest().routes.root).toBeDefined();
  });

  it("its modules share one chunk, which the shell imports only dynamically", () => {
    const { entry, routes } = remixManifest();
    const chunks = readdirSync(SOURCE_MAPS).map((map) => map.replace(/\.map$/, ""));
    const holding = chunks.filter((chunk) => modulesOf(chunk).some((module) => ERROR_UI_MODULES.includes(module)));
    expect(holding, "the chunks holding the error UI's modules").toHaveLength(1);
    expect(modulesOf(holding[0])).toEqual(expect.arrayContaining(ERROR_UI_MODULES));
    const loadedByEveryPage = [...staticChunks(entry), ...staticChunks(routes.root), ...staticChunks(routes["routes/$cstm"])];
    expect(loadedByEveryPage.map((chunk) => path.basename(chunk))).not.toContain(holding[0]);
  });

  it("no chunk that the entry or a route loads statically holds one of them (the shell included)", () => {
    const { entry, routes } = remixManifest();
    const found: string[] = [];
    for (const [id, chunk] of [["entry.client", entry] as const, ...Object.entries(routes)]) {
      for (const file of staticChunks(chunk)) {
        for (const module of modulesOf(file)) if (ERROR_UI_MODULES.includes(module)) found.push(`${id}: ${file} holds ${module}`);
      }
    }
    expect(found).toEqual([]);
  });
});
