// Bundles the Express entry (server.ts, instrument.server.ts, server/, api/) next to the Remix
// build: build/serve.js and build/instrument.server.js. Packages stay external (node_modules).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { precompress } from "./precompress.mjs";

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  alias: { "~": "./app" },
};

// The client build's hidden source maps leave build/client, which the server serves, for build/sourcemaps/client,
// which it never serves: the server maps browser error reports with them (docs/decisions/174).
const clientDir = "build/client";
const mapsDir = "build/sourcemaps/client";
rmSync(mapsDir, { recursive: true, force: true });
let movedMaps = 0;
for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".map")) continue;
  const from = path.join(entry.parentPath, entry.name);
  const to = path.join(mapsDir, path.relative(clientDir, from));
  mkdirSync(path.dirname(to), { recursive: true });
  renameSync(from, to);
  movedMaps++;
}

// After the maps have left: they are never served, so never compressed either. Beside esbuild, which runs in a
// process of its own.
const compressing = precompress(clientDir);
await build({ ...common, entryPoints: { serve: "server.ts" }, outdir: "build" });
await build({ ...common, entryPoints: { "instrument.server": "instrument.server.ts" }, outdir: "build" });
const compressed = await compressing;

let release = process.env.SENTRY_RELEASE ?? "unknown";
if (!process.env.SENTRY_RELEASE) {
  try {
    release = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    // Not a git checkout (e.g. the Docker build context): keep "unknown".
  }
}
mkdirSync("build", { recursive: true });
writeFileSync("build/release.json", JSON.stringify({ release }) + "\n");
console.log(`server bundle written (release ${release}); ${movedMaps} client source maps moved to ${mapsDir}`);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
console.log(
  `${compressed.written} precompressed variants of ${compressed.files} client files: ${kb(compressed.rawBytes)} → br ${kb(compressed.brBytes)}, gzip ${kb(compressed.gzBytes)}`,
);
