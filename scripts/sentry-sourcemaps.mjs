// `npm run sentry:sourcemaps`: uploads the browser bundles of the build and their hidden source maps to Sentry for
// the build's release with the official sentry-cli (docs/decisions/174), for deployments that want Sentry's own
// symbolication (with SENTRY_CLIENT_STACKS=bundle). sentry-cli reads SENTRY_AUTH_TOKEN, SENTRY_ORG, SENTRY_PROJECT
// and, for a self-hosted Sentry, SENTRY_URL itself.
//   npm run sentry:sourcemaps              upload
//   npm run sentry:sourcemaps -- --dry-run print the command and the files instead
// The maps are hidden (no sourceMappingURL in the bundles): each bundle is uploaded beside its map, under the URL
// prefix `~/assets`, which is how sentry-cli pairs them and how the browser names the bundles in a stack.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(process.env.BUILD_DIR ?? path.join(root, "build"));
const dryRun = process.argv.includes("--dry-run");
const fail = (message) => {
  console.error(`sentry:sourcemaps: ${message}`);
  process.exit(1);
};

function buildRelease() {
  if (process.env.SENTRY_RELEASE?.trim()) return process.env.SENTRY_RELEASE.trim();
  try {
    return JSON.parse(readFileSync(path.join(buildDir, "release.json"), "utf8")).release;
  } catch {
    return undefined;
  }
}

const release = buildRelease();
if (!release || release === "unknown") fail("no release: set SENTRY_RELEASE, or build in a git checkout (build/release.json)");
const bundlesDir = path.join(buildDir, "client", "assets");
const mapsDir = path.join(buildDir, "sourcemaps", "client", "assets");
if (!existsSync(mapsDir)) fail(`no source maps in ${mapsDir}: run npm run build first`);
const pairs = readdirSync(bundlesDir).filter((file) => file.endsWith(".js") && existsSync(path.join(mapsDir, `${file}.map`)));
if (pairs.length === 0) fail(`no bundle in ${bundlesDir} has a source map`);

const missing = ["SENTRY_AUTH_TOKEN", "SENTRY_ORG", "SENTRY_PROJECT"].filter((name) => !process.env[name]?.trim());
if (!dryRun && missing.length > 0) fail(`set ${missing.join(", ")} (read by sentry-cli)`);

const staging = mkdtempSync(path.join(tmpdir(), "sentry-sourcemaps-"));
try {
  const assets = path.join(staging, "assets");
  mkdirSync(assets);
  for (const file of pairs) {
    copyFileSync(path.join(bundlesDir, file), path.join(assets, file));
    copyFileSync(path.join(mapsDir, `${file}.map`), path.join(assets, `${file}.map`));
  }
  const args = ["sourcemaps", "upload", "--release", release, "--url-prefix", "~/assets", "--validate", "--strict", assets];
  if (dryRun) {
    console.log(`sentry-cli ${args.join(" ")}`);
    console.log(`${pairs.length} bundles with their maps for release ${release}`);
  } else {
    const cli = path.join(root, "node_modules", ".bin", "sentry-cli");
    const result = spawnSync(cli, args, { stdio: "inherit" });
    if (result.error) fail(`sentry-cli could not run: ${result.error.message}`);
    process.exitCode = result.status ?? 1;
  }
} finally {
  rmSync(staging, { recursive: true, force: true });
}
