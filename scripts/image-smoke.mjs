// Performs the Dockerfile's steps without Docker (no engine runs here) and checks the result:
//   1. copy the build context (minus .dockerignore) into a temporary directory,
//   2. the build stage's RUN steps: npm ci, npm run build, npm prune --omit=dev,
//   3. assemble the runtime stage's COPY results (package.json, node_modules, build) in another directory,
//   4. start the Dockerfile's CMD there with its ENV (as a non-root user when we are root),
//   5. run the HEALTHCHECK command, fetch /demo/login, then stop with SIGTERM and expect exit 0.
// Steps and commands are read from the Dockerfile itself, so the smoke test follows it.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
const log = (message) => console.log(`[image-smoke] ${message}`);

const json = (line) => JSON.parse(line.slice(line.indexOf("[")));
const lines = dockerfile.split("\n").map((line) => line.trim());
const runtimeStart = lines.findIndex((line) => line.startsWith("FROM") && line.includes("AS runtime"));
const buildRuns = lines
  .slice(0, runtimeStart)
  .filter((line) => line.startsWith("RUN ") && !line.includes("apt-get"))
  .flatMap((line) =>
    line
      .slice(4)
      .split("&&")
      .map((part) => part.trim()),
  );
const declaredArgs = lines
  .slice(0, runtimeStart)
  .filter((line) => line.startsWith("ARG "))
  .map((line) => line.slice(4).trim().split("=")[0]);
const runtimeEnv = Object.fromEntries(
  lines
    .slice(runtimeStart)
    .filter((line) => line.startsWith("ENV "))
    .flatMap((line) =>
      line
        .slice(4)
        .split(/\s+/)
        .map((pair) => pair.split("=")),
    ),
);
const cmd = json(lines.find((line) => line.startsWith("CMD ")));
const healthcheck = json(lines.find((line) => line.startsWith("HEALTHCHECK ")).replace(/^HEALTHCHECK .*?CMD /, "CMD "));
const copies = lines
  .slice(runtimeStart)
  .filter((line) => line.startsWith("COPY --from=build"))
  .map((line) => line.split(/\s+/).slice(-2));

const ignored = readFileSync(path.join(root, ".dockerignore"), "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter(Boolean);
const work = mkdtempSync(path.join(tmpdir(), "image-smoke-"));
const context = path.join(work, "build");
const runtime = path.join(work, "runtime");
let server;

try {
  log(`build context → ${context}`);
  const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .filter(
      (file) =>
        !ignored.some(
          (pattern) => file === pattern || file.startsWith(`${pattern}/`) || (pattern.startsWith("*") && file.endsWith(pattern.slice(1))),
        ),
    );
  for (const file of tracked) {
    if (!existsSync(path.join(root, file))) continue;
    mkdirSync(path.dirname(path.join(context, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(context, file));
  }

  // A clean build environment, as in the image: no NODE_ENV, nothing of a test runner calling us
  // (under vitest, VITEST makes vite.config.ts leave out the Remix plugin).
  const buildEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST") && name !== "NODE_ENV"));
  // better-sqlite3 installs a prebuilt binary where it can download one (as a Docker build with a
  // network does) and compiles itself otherwise (about 50 s of CPU here, where nothing can be
  // downloaded). The checkout's own npm ci compiled the same version for the same Node already: it is
  // offered as the prebuilt binary, through prebuild-install's local-prebuilds setting, so that the
  // smoke test does not compile it twice (docs/decisions/167). Without it, npm ci compiles as before.
  const sqlite = path.join(root, "node_modules/better-sqlite3");
  const sqliteBinary = path.join(sqlite, "build/Release/better_sqlite3.node");
  if (existsSync(sqliteBinary)) {
    const { version } = JSON.parse(readFileSync(path.join(sqlite, "package.json"), "utf8"));
    const prebuilds = path.join(work, "prebuilds");
    mkdirSync(prebuilds, { recursive: true });
    const tarball = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
    execFileSync("tar", ["-czf", path.join(prebuilds, tarball), "-C", sqlite, "build/Release/better_sqlite3.node"]);
    buildEnv.npm_config_better_sqlite3_local_prebuilds = prebuilds;
    log(`better-sqlite3: the checkout's binary offered as ${tarball}`);
  }
  // The build arguments the Dockerfile declares, given as its comment says (`--build-arg SENTRY_RELEASE=$(git
  // rev-parse --short=12 HEAD)`): the build context has no .git, so the release comes from here (decision 174).
  const buildArgs = { SENTRY_RELEASE: execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root, encoding: "utf8" }).trim() };
  for (const name of declaredArgs) {
    if (!(name in buildArgs)) throw new Error(`the Dockerfile declares ARG ${name}, which the smoke test does not give`);
    buildEnv[name] = buildArgs[name];
  }
  for (const step of buildRuns) {
    log(`RUN ${step}`);
    execFileSync("sh", ["-c", step], { cwd: context, stdio: ["ignore", "inherit", "inherit"], env: buildEnv });
  }

  // The build stage is thrown away after its COPYs, as in a Docker build: its results are moved, not copied (a copy
  // of node_modules and its removal cost about 15 s of the smoke test's CPU).
  mkdirSync(runtime, { recursive: true });
  for (const [from, to] of copies) {
    renameSync(path.join(context, from.replace(/^\/app\//, "")), path.join(runtime, to.replace(/^\.\//, "")));
  }
  const { release } = JSON.parse(readFileSync(path.join(runtime, "build", "release.json"), "utf8"));
  if (release !== buildArgs.SENTRY_RELEASE) throw new Error(`build/release.json names ${release}, not the build argument's release`);
  log(`release ${release} (build argument SENTRY_RELEASE)`);
  const dataDir = path.join(work, "data");
  mkdirSync(dataDir, { recursive: true });

  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // USER node in the image: run as an unprivileged user, like the container does.
    for (const dir of [work, runtime, dataDir]) chmodSync(dir, 0o777);
    execFileSync("chown", ["-R", "nobody:nogroup", runtime, dataDir]);
  }
  const port = 3900 + Math.floor(Math.random() * 90);
  const env = {
    PATH: process.env.PATH,
    ...runtimeEnv,
    PORT: String(port),
    DATABASE_PATH: path.join(dataDir, "app.db"),
    API_DATABASE_PATH: path.join(dataDir, "api.db"),
    SESSION_SECRET: "image-smoke-secret-that-is-long-enough-0123",
    LOG_LEVEL: "warn",
  };
  const [command, ...args] = cmd;
  log(`CMD ${cmd.join(" ")} (PORT=${port}${asRoot ? ", as nobody" : ""})`);
  server = asRoot
    ? spawn("setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", process.execPath, ...args], {
        cwd: runtime,
        env,
        stdio: "inherit",
      })
    : spawn(command === "node" ? process.execPath : command, args, { cwd: runtime, env, stdio: "inherit" });

  const health = () => {
    const [hcCommand, ...hcArgs] = healthcheck;
    try {
      execFileSync(hcCommand === "node" ? process.execPath : hcCommand, hcArgs, { env, stdio: "ignore", timeout: 3000 });
      return true;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + 20_000;
  while (!health()) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error("HEALTHCHECK did not pass within the start period");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log("HEALTHCHECK passed");
  const login = await fetch(`http://127.0.0.1:${port}/demo/login`);
  const html = await login.text();
  if (login.status !== 200 || !html.includes("Anmeldung")) throw new Error(`/demo/login answered ${login.status}`);
  log("/demo/login renders the login screen");
  const exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
  server.kill("SIGTERM");
  const code = await exited;
  if (code !== 0) throw new Error(`server exited with ${code} after SIGTERM`);
  log("SIGTERM → exit 0");
  log("OK");
} finally {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
}
