// The bare Remix page (bench/baseline, decision 105): built with the project's own packages into
// bench/baseline/build (gitignored) when a benchmark needs it and its sources are newer than the
// build, then started on a free port like the product (node's own PID kept, SIGTERM to stop).
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { ROOT, freePort, pinnedCommand, waitUntilUp } from "./server.mjs";
import { upstreamTokenOfClone } from "./session.mjs";

export const BASELINE_DIR = path.join(ROOT, "bench/baseline");

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "build" || entry.name === "node_modules") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * A lab's variant of the bare page: deletes `dir` and copies bench/baseline's sources into it (not its build), for
 * the lab to change and build with buildBaseline({ dir }). Under .tmp/ node resolves the repo's packages from there,
 * as for bench/baseline itself.
 */
export function copyBaselineSources(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of ["app", "package.json", "server.mjs", "vite.config.mjs"]) {
    cpSync(path.join(BASELINE_DIR, entry), path.join(dir, entry), { recursive: true });
  }
}

/**
 * Builds the baseline app unless its build is newer than its sources and the lock file. `dir`: a copy of
 * bench/baseline's sources under the repo (a lab's variant of the bare page), built into its own build/.
 */
export function buildBaseline({ force = false, dir = BASELINE_DIR } = {}) {
  const serverBuild = path.join(dir, "build/server/index.js");
  const sourcesChanged = () =>
    Math.max(newestSource(dir), statSync(path.join(ROOT, "package-lock.json")).mtimeMs) > statSync(serverBuild).mtimeMs;
  if (!force && existsSync(serverBuild) && !sourcesChanged()) return;
  const build = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build", dir, "--config", path.join(dir, "vite.config.mjs")],
    { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] },
  );
  if (build.status !== 0) throw new Error(`building the baseline app failed (exit ${build.status})`);
}

/**
 * Starts the built baseline app; `core` pins it with taskset where that is available; `dir`: a copy of
 * bench/baseline with its build (e.g. beside other packages, for a lab's before/after); `upstreamUrl`: the
 * reference API's /api that its page with a page's upstream calls (/calls, decision 199) calls; `nodeArgs` and `env`:
 * node options and variables of a lab's (e.g. a module loaded with --import and where it writes); `wrap` and
 * `upTimeoutMs` as for startBuiltServer (bench/lib/server.mjs).
 */
export async function startBaseline({ core, dir = BASELINE_DIR, upstreamUrl, nodeArgs = [], env = {}, wrap = [], upTimeoutMs } = {}) {
  const port = await freePort();
  const nodeCommand = [...wrap, process.execPath, ...nodeArgs, path.join(dir, "server.mjs")];
  const [command, args] = pinnedCommand(nodeCommand[0], nodeCommand.slice(1), core);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      ...(upstreamUrl ? { BASELINE_UPSTREAM_URL: upstreamUrl } : {}),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, `${baseUrl}/`, upTimeoutMs);
  return {
    baseUrl,
    pid: child.pid,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/**
 * The page of bench/pages.mjs at `pagePath` whose calls row a lab can start: one with upstream calls and one session
 * for every connection.
 */
export function callingPage(pages, pagePath) {
  const page = pages.find((each) => each.path === pagePath && each.upstreamCalls && !each.perConnection);
  if (!page) throw new Error(`${pagePath} is no page of bench/pages.mjs with upstream calls and one session`);
  return page;
}

/**
 * Headers for the baseline's /calls page making `page`'s upstream calls (decisions 199, 200) as a copy of its
 * session's demo user, gzip asked for as the benchmark asks.
 */
export async function callsRowHeaders(apiBaseUrl, page) {
  const { token, profileId } = await upstreamTokenOfClone(apiBaseUrl, page.session.template);
  const plan = page.upstreamCalls({ profileId, returnOrigin: "" });
  return { "X-Baseline-Plan": JSON.stringify(plan), cookie: `token=${token}`, "accept-encoding": "gzip" };
}
