import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** Integration tests run the production build; build it once when it is missing. */
export default function setup() {
  const root = path.resolve(import.meta.dirname, "..");
  const needed = ["build/serve.js", "build/server/index.js"].map((file) => path.join(root, file));
  if (needed.every((file) => existsSync(file))) return;
  // Vitest's own variables would leave the Remix plugin out of vite.config.ts and make a test build.
  // (child_process drops variables whose value is undefined.)
  const env = {
    ...process.env,
    VITEST: undefined,
    NODE_ENV: process.env.NODE_ENV === "test" ? undefined : process.env.NODE_ENV,
  } as NodeJS.ProcessEnv;
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env });
}
