// Bundles the Express entry (server.ts, instrument.server.ts, server/, api/) next to the Remix
// build: build/serve.js and build/instrument.server.js. Packages stay external (node_modules).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

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

await build({ ...common, entryPoints: { serve: "server.ts" }, outdir: "build" });
await build({ ...common, entryPoints: { "instrument.server": "instrument.server.ts" }, outdir: "build" });

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
console.log(`server bundle written (release ${release})`);
