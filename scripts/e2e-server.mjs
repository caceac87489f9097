// The server for end-to-end tests: the production build with fresh databases every run.
// Runs the server in this same process, so the PID Playwright holds is node's own.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? "test-results/e2e-data");
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
process.env.DATABASE_PATH ??= path.join(dataDir, "app.db");
process.env.API_DATABASE_PATH ??= path.join(dataDir, "api.db");
await import(pathToFileURL(path.resolve("build/serve.js")).href);
