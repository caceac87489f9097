// `npm start`: everything a fresh checkout needs after `npm ci`: build when there is no build,
// then start the production server (the embedded reference API migrates and seeds its database
// at start). Runs node as a child and passes signals on, so Ctrl+C stops it cleanly.
// This is the local demo: it turns demo mode on (docs/decisions/090) unless told otherwise.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const needed = ["serve.js", "instrument.server.js", "server/index.js"].map((file) => path.join(buildDir, file));
if (needed.some((file) => !existsSync(file))) {
  console.log("No build found: building once (npm run build) …");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Many hosts run `npm start` with NODE_ENV=production: there the demo accounts (passwords in the
// README) and the public mail outbox must never switch on by themselves (docs/decisions/090).
const hostSaysProduction = process.env.NODE_ENV?.trim() === "production";
const env = { NODE_ENV: "production", ...process.env };
if (!env.DEMO_MODE?.trim() && !env.UPSTREAM_API_URL?.trim() && hostSaysProduction) {
  console.warn("NODE_ENV=production: demo mode stays off (no demo accounts, no /api/dev/outbox); set DEMO_MODE=true for the local demo.");
} else if (!env.DEMO_MODE?.trim() && !env.UPSTREAM_API_URL?.trim()) {
  env.DEMO_MODE = "true";
  console.warn(
    "DEMO_MODE=true: local demo with the demo accounts of the README and the mail outbox at /api/dev/outbox (set DEMO_MODE=false or UPSTREAM_API_URL for anything else).",
  );
}
if (!env.SESSION_SECRET && !hostSaysProduction) {
  // Local demo convenience only: a generated secret kept in the data folder so sessions survive a
  // restart. Production (Docker) must set SESSION_SECRET; the server refuses to start without it.
  const dataDir = path.dirname(path.resolve(env.DATABASE_PATH ?? "./data/app.db"));
  const secretFile = path.join(dataDir, ".session-secret");
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString("base64url"), { mode: 0o600 });
  env.SESSION_SECRET = readFileSync(secretFile, "utf8").trim();
  console.warn(`SESSION_SECRET is not set: using the generated demo secret in ${secretFile}. Set SESSION_SECRET in production.`);
}

// As the image's CMD: stacks of server errors in original source (docs/decisions/174).
const child = spawn(
  process.execPath,
  ["--enable-source-maps", "--import", path.join(buildDir, "instrument.server.js"), path.join(buildDir, "serve.js")],
  {
    stdio: "inherit",
    env,
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
