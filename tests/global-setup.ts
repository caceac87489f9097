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
  // Without VITEST in the environment: vite.config.ts leaves the Remix plugin out under vitest.
  const env = { ...process.env };
  delete env.VITEST;
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env });
}
