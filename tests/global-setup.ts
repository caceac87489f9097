import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** Integration tests run the production build; build it once when it is missing. */
export default function setup() {
  // `npm run test:fast` runs only the unit and API contract tests, which import app/ and api/ directly and never
  // start the built server: a missing build must not cost them a build (scripts/test-fast.mjs).
  if (process.env.TEST_SKIP_BUILD === "1") return;
  const root = path.resolve(import.meta.dirname, "..");
  const needed = ["build/serve.js", "build/server/index.js"].map((file) => path.join(root, file));
  if (needed.every((file) => existsSync(file))) return;
  // Without VITEST in the environment: vite.config.ts leaves the Remix plugin out under vitest. Without vitest's
  // NODE_ENV=test: the browser bundles would get React's development build (447 KB instead of 269 KB of shell).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== "VITEST" && name !== "NODE_ENV"),
  ) as NodeJS.ProcessEnv;
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env });
}
