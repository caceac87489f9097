// The lab scripts' copy of the build (bench/lab/): a directory under .tmp/ (ignored by git, and node still
// resolves the repo's packages from there) that is deleted and made again, so nothing else is ever accepted.
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./server.mjs";

/**
 * `argument`: the DIR the script was given (its first argument). Exits 2 with `usage` when it is missing, an
 * option, or not under .tmp/, and when there is no build; otherwise deletes DIR, copies ./build to DIR/build
 * and returns DIR's absolute path.
 */
export function freshLabCopy(argument, usage) {
  const dir = argument && !argument.startsWith("-") && path.resolve(argument);
  if (!dir || !dir.startsWith(path.join(ROOT, ".tmp") + path.sep)) {
    console.error(usage);
    process.exit(2);
  }
  if (!existsSync(path.join(ROOT, "build/serve.js"))) {
    console.error("no build: run npm run build first");
    process.exit(2);
  }
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(ROOT, "build"), path.join(dir, "build"), { recursive: true });
  return dir;
}
