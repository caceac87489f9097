import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

// No Docker engine runs here: scripts/image-smoke.mjs performs the Dockerfile's own steps (read
// from the Dockerfile) in a temporary directory, starts the CMD as an unprivileged user, runs the
// HEALTHCHECK, fetches /demo/login and stops it with SIGTERM. It compiles better-sqlite3 and builds the
// app from scratch: 2 min on a quiet 2-core machine, 6-8 min at a load average of 15-30 and over 15 min at 20-25 (a full
// `npm test` beside seven other builds), so its deadline is 40 min: a deadline, never a wait.
it("the Docker image's steps build a server that passes its health check and stops cleanly", { timeout: 40 * 60_000 }, async () => {
  const { stdout } = await run(process.execPath, [path.join(root, "scripts/image-smoke.mjs")], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 40 * 60_000,
  });
  expect(stdout).toMatch(/\[image-smoke\] release [0-9a-f]{12} \(build argument SENTRY_RELEASE\)/);
  expect(stdout).toContain("[image-smoke] HEALTHCHECK passed");
  expect(stdout).toContain("[image-smoke] /demo/login renders the login screen");
  expect(stdout).toContain("[image-smoke] SIGTERM → exit 0");
  expect(stdout).toContain("[image-smoke] OK");
});
