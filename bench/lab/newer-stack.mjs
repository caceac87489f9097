// Lab: would newer majors of the stack (React Router 7 with React 19, what Remix 2's future flags lead to) render our
// kind of page cheaper, relative to their own bare page? Builds two copies of bench/baseline, each with a heavy page
// (bench/lab/newer-stack/heavy.tsx: about home's content and loader data, no upstream calls): one with this project's
// Remix 2 and React 18 (inside the repo, so that it resolves the root node_modules), one ported to React Router 7 and
// React 19 (in the system's temp directory, with its own packages from the registry, installed once). Both servers on
// core 0, autocannon on core 1; the four pages in turns in the same rounds (bench/lib/alternate.mjs). No budget:
// figures for docs/performance.md («Newer majors of the stack, 2026-11-30 (evening)»).
// Usage: node bench/lab/newer-stack.mjs [--rounds 4] [--duration 10]
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { alternateWindows, printRounds } from "../lib/alternate.mjs";
import { option } from "../lib/args.mjs";
import { BASELINE_DIR, buildBaseline, copyBaselineSources, startBaseline } from "../lib/baseline.mjs";
import { pinSelf, ROOT } from "../lib/server.mjs";

const rounds = Number(option("rounds", "4"));
const duration = Number(option("duration", "10"));
const HEAVY = path.join(import.meta.dirname, "newer-stack", "heavy.tsx");
// One version of every React Router package: @react-router/node pins react-router to its own version exactly.
const ROUTER = "7.18.4";
const REACT = "19.3.1";

/** The Remix 2 copy: bench/baseline with the heavy page, built with the project's packages. */
function remixCopy() {
  const dir = path.join(ROOT, ".tmp", "newer-stack-remix");
  copyBaselineSources(dir);
  cpSync(HEAVY, path.join(dir, "app", "routes", "heavy.tsx"));
  buildBaseline({ dir, force: true });
  return dir;
}

/** The React Router 7 copy: the same pages with the package names changed, its packages installed once. */
function routerCopy() {
  const dir = path.join(tmpdir(), `newer-stack-rr${ROUTER}-react${REACT}`);
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  const ported = (file) => readFileSync(file, "utf8").replaceAll(/@remix-run\/(react|node)/g, "react-router");
  write(
    "package.json",
    JSON.stringify(
      {
        name: "newer-stack-lab",
        private: true,
        type: "module",
        dependencies: {
          "@react-router/express": ROUTER,
          "@react-router/node": ROUTER,
          compression: "^1.8.2",
          express: "^4.22.3",
          isbot: "^5.2.3",
          react: REACT,
          "react-dom": REACT,
          "react-router": ROUTER,
        },
        devDependencies: { "@react-router/dev": ROUTER, vite: "^6.4.6" },
      },
      null,
      2,
    ),
  );
  write("app/root.tsx", ported(path.join(BASELINE_DIR, "app", "root.tsx")));
  write("app/routes/_index.tsx", ported(path.join(BASELINE_DIR, "app", "routes", "_index.tsx")));
  write("app/routes/heavy.tsx", ported(HEAVY));
  write(
    "app/routes.ts",
    'import { type RouteConfig, index, route } from "@react-router/dev/routes";\n' +
      'export default [index("routes/_index.tsx"), route("heavy", "routes/heavy.tsx")] satisfies RouteConfig;\n',
  );
  write("react-router.config.ts", 'export default { ssr: true, appDirectory: "app", buildDirectory: "build" };\n');
  write(
    "vite.config.mjs",
    'import { reactRouter } from "@react-router/dev/vite";\nimport { defineConfig } from "vite";\n' +
      'export default defineConfig({ logLevel: "warn", plugins: [reactRouter()] });\n',
  );
  write(
    "server.mjs",
    readFileSync(path.join(BASELINE_DIR, "server.mjs"), "utf8").replaceAll("@remix-run/express", "@react-router/express"),
  );
  const run = (command, args) => {
    const result = spawnSync(command, args, { cwd: dir, stdio: ["ignore", "inherit", "inherit"] });
    if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${dir} (exit ${result.status})`);
  };
  if (!existsSync(path.join(dir, "node_modules", "react-router"))) run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"]);
  run(path.join(dir, "node_modules", ".bin", "react-router"), ["build"]);
  return dir;
}

pinSelf(1);
const servers = [];
try {
  const remix = await startBaseline({ core: 0, dir: remixCopy() });
  servers.push(remix);
  const router = await startBaseline({ core: 0, dir: routerCopy() });
  servers.push(router);
  const headers = { "accept-encoding": "gzip" };
  const variants = {};
  for (const [stack, server] of [
    ["Remix 2.17, React 18.3", remix],
    [`React Router ${ROUTER}, React ${REACT}`, router],
  ]) {
    for (const [page, url] of [
      ["bare", "/"],
      ["heavy", "/heavy"],
    ]) {
      const response = await fetch(server.baseUrl + url);
      const html = await response.text();
      if (!response.ok) throw new Error(`${stack} ${url} answered ${response.status}`);
      console.log(`${stack}, ${page} page: ${html.length} B of HTML`);
      variants[`${stack}: ${page}`] = { url: server.baseUrl + url, headers, pid: server.pid };
    }
  }
  const cpu = await alternateWindows(variants, { rounds, duration, warmup: 8 });
  const means = printRounds(cpu);
  for (const stack of ["Remix 2.17, React 18.3", `React Router ${ROUTER}, React ${REACT}`]) {
    const share = means[`${stack}: bare`] / means[`${stack}: heavy`];
    console.log(`${stack}: the heavy page at ${(share * 100).toFixed(0)} % of its bare page by CPU (means)`);
  }
} finally {
  for (const server of servers.reverse()) await server.stop();
}
