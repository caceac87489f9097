// `npm run bench:redos` (decision 091): sends the worst case for the patterns at the body limit
// (1 MiB; 16 KiB for client-error reports) in every free-text field of the embedded API's JSON
// bodies and of the app's form actions, one request at a time, and prints status and time per
// field and shape. Starts the production build itself (bench/lib/server.mjs, demo mode).
// Options: --shape email|text (both by default).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { API_CASES, FORM_CASES, SHAPES, prepare, sendApiCase, sendClientErrorCase, sendFormCase } from "./lib/redos-cases.mjs";
import { ROOT, startBuiltServer } from "./lib/server.mjs";

const { values: args } = parseArgs({ options: { shape: { type: "string" } } });
const shapes = args.shape ? [args.shape] : Object.keys(SHAPES);

if (!existsSync(path.join(ROOT, "build", "serve.js"))) {
  console.log("No build found: building once (npm run build) …");
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const rows = [];
const row = (kind, target, field, shape, result) =>
  rows.push({ kind, target, field, shape, kib: Math.round(result.bytes / 1024), status: result.status, ms: result.ms });

const server = await startBuiltServer({ RATE_LIMIT_MAX: "100000" });
try {
  const ctx = await prepare(server.baseUrl);
  for (const shape of shapes) {
    for (const entry of API_CASES) {
      for (const field of entry.fields)
        row("api", `POST /api${entry.path}`, field, shape, await sendApiCase(server.baseUrl, entry, field, shape, ctx));
    }
    for (const entry of FORM_CASES) {
      for (const field of entry.fields) {
        const result = await sendFormCase(server.baseUrl, entry, field, shape, ctx);
        row(
          "form",
          `POST ${typeof entry.path === "function" ? entry.path({ activationHash: "{hash}", resetPath: "/demo/reset-password/{hash}/en_GB" }) : entry.path}`,
          field,
          shape,
          result,
        );
      }
    }
    for (const field of ["message", "stack", "url", "reference"]) {
      row("form", "POST /_client-errors", field, shape, await sendClientErrorCase(server.baseUrl, field, shape));
    }
  }
} finally {
  await server.stop();
}

const width = Math.max(...rows.map((entry) => `${entry.target} ${entry.field}`.length));
console.log(`${"call and field".padEnd(width)}  shape  KiB   status      ms`);
for (const entry of rows) {
  console.log(
    `${`${entry.target} ${entry.field}`.padEnd(width)}  ${entry.shape.padEnd(5)}  ${String(entry.kib).padStart(4)}  ${String(entry.status).padStart(6)}  ${entry.ms.toFixed(1).padStart(6)}`,
  );
}
const slowest = rows.reduce((worst, entry) => (entry.ms > worst.ms ? entry : worst));
const failures = rows.filter((entry) => entry.status >= 500);
console.log(
  `\n${rows.length} requests; slowest ${slowest.ms.toFixed(1)} ms (${slowest.target} ${slowest.field}, ${slowest.shape}); 5xx answers: ${failures.length}`,
);
if (failures.length > 0) process.exitCode = 1;
