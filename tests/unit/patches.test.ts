import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * patches/ changes files of node_modules (decisions 161, 163, 172, 193, 202), applied by `patch-package
 * --error-on-fail` at `npm ci`. The server must run the patched code: each patched file holds every
 * line its patch adds, and it is the very file Node loads when the server build imports the package.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const patches = readdirSync(path.join(ROOT, "patches")).filter((file) => file.endsWith(".patch"));

function patchedFiles(patch: string): { file: string; added: string[] }[] {
  const text = readFileSync(path.join(ROOT, "patches", patch), "utf8");
  return text
    .split(/^diff --git /m)
    .slice(1)
    .map((section) => ({
      file: /^a\/(\S+)/.exec(section)![1],
      added: section
        .split("\n")
        .filter((line) => line.startsWith("+") && !line.startsWith("+++") && line.trim().length > 1)
        .map((line) => line.slice(1)),
    }));
}

describe("the patched packages", () => {
  it("npm ci fails on a patch that does not apply (patch-package --error-on-fail)", () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.postinstall).toBe("patch-package --error-on-fail");
  });

  // A range would let `npm install` move a patched package to a version its patch was not made for:
  // patch-package then fails (or, worse, a fuzzy hunk applies to other code). Direct dependencies
  // name the patch's version exactly; transitive ones are held there by an override. The rollup
  // override of DESIGN §2 stays beside them.
  it.each(patches)("decisions 161, 163: package.json pins %s's package to the patch's exact version", (patch) => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
      overrides: Record<string, string>;
    };
    const [, encoded, version] = /^(.+)\+(\d+\.\d+\.\d+)\.patch$/.exec(patch)!;
    const name = encoded.replace("+", "/");
    const direct = manifest.dependencies[name] ?? manifest.devDependencies[name];
    if (direct !== undefined) expect(direct, `${name} in dependencies`).toBe(version);
    else expect(manifest.overrides[name], `${name} in overrides`).toBe(version);
    expect(manifest.overrides.rollup).toBe("4.67.4");
    const installed = JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string };
    expect(installed.version).toBe(version);
  });

  it.each(patches)("%s is applied, and its files are the ones the builds load", (patch) => {
    const serverRequire = createRequire(path.join(ROOT, "build/server/index.js"));
    for (const name of ["@remix-run/react", "react-router-dom/server", "@remix-run/router", "pino-http", "@remix-run/express"])
      serverRequire(name);
    const loaded = new Set(Object.keys(serverRequire.cache));
    for (const { file, added } of patchedFiles(patch)) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const line of added) expect(text, `${file} holds the patch's line ${line.trim()}`).toContain(line);
      if (file.endsWith(".d.ts")) continue;
      const esm = /^(node_modules\/(?:@[^/]+\/)?[^/]+)\/(dist\/esm\/.*)$/.exec(file);
      if (esm) {
        // The browser bundle is made from the package's ES modules: its "module" entry is in the patched
        // file's directory (Rollup fails the build on an import the unpatched file does not export).
        const { module } = JSON.parse(readFileSync(path.join(ROOT, esm[1], "package.json"), "utf8")) as { module?: string };
        expect(path.dirname(path.join(esm[1], module ?? "")), `${file} is what the client build bundles`).toBe(path.dirname(file));
      } else {
        expect(loaded, `${file} is what the server loads`).toContain(path.join(ROOT, file));
      }
    }
  });
});
