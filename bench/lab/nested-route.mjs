// Lab: what one more nested route, with and without a loader, costs a bare Remix page. Copies bench/baseline's
// sources to DIR, gives the root a loader and puts copies of the bare page under two layout routes, `plain` (only
// an <Outlet/>) and `nest` (a loader and an <Outlet/>), builds the copy with the project's packages and measures /
// (the root's and the page's loaders), /plain/page (the same loaders, one route more) and /nest/page (one loader
// more) in turns on one server on core 0, autocannon here on core 1. The product's home has three levels with
// loaders (root, $cstm, $cstm.home), the bare page two routes and one loader. No budget: figures for
// docs/performance.md («What home allocates, and what its collector costs, 2026-11-30 (afternoon)»).
// Usage: node bench/lab/nested-route.mjs DIR [--rounds 6] [--duration 10]   (DIR under .tmp/, e.g. .tmp/nested)
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { alternateWindows, printRounds } from "../lib/alternate.mjs";
import { option } from "../lib/args.mjs";
import { buildBaseline, copyBaselineSources, startBaseline } from "../lib/baseline.mjs";
import { pinSelf, ROOT } from "../lib/server.mjs";

const dir = process.argv[2] && !process.argv[2].startsWith("-") && path.resolve(process.argv[2]);
if (!dir || !dir.startsWith(path.join(ROOT, ".tmp") + path.sep)) {
  console.error("usage: node bench/lab/nested-route.mjs DIR [--rounds 6] [--duration 10]   (DIR under .tmp/)");
  process.exit(2);
}
const rounds = Number(option("rounds", "6"));
const duration = Number(option("duration", "10"));

copyBaselineSources(dir);
rmSync(path.join(dir, "app/routes/calls.tsx"));
const rootFile = path.join(dir, "app/root.tsx");
writeFileSync(
  rootFile,
  readFileSync(rootFile, "utf8").replace(
    "export default function App() {",
    'export async function loader() {\n  return { lang: "en" };\n}\n\nexport default function App() {',
  ),
);
// The bare page, unchanged, under each layout.
const barePage = readFileSync(path.join(dir, "app/routes/_index.tsx"), "utf8").replace("function Index()", "function Page()");
for (const layout of ["nest", "plain"]) writeFileSync(path.join(dir, `app/routes/${layout}.page.tsx`), barePage);
writeFileSync(
  path.join(dir, "app/routes/nest.tsx"),
  `import { Outlet, useLoaderData } from "@remix-run/react";

export async function loader() {
  return { section: "nest" };
}

export default function Nest() {
  const { section } = useLoaderData<typeof loader>();
  return (
    <div data-section={section}>
      <Outlet />
    </div>
  );
}
`,
);
writeFileSync(
  path.join(dir, "app/routes/plain.tsx"),
  `import { Outlet } from "@remix-run/react";

export default function Plain() {
  return (
    <div data-section="plain">
      <Outlet />
    </div>
  );
}
`,
);
buildBaseline({ dir, force: true });

pinSelf(1);
const server = await startBaseline({ core: 0, dir });
try {
  const base = server.baseUrl;
  const variants = {};
  for (const [name, page, marker] of [
    ["no layout (/)", "/", "<h1>Baseline</h1>"],
    ["a layout without a loader (/plain/page)", "/plain/page", 'data-section="plain"'],
    ["a layout with a loader (/nest/page)", "/nest/page", 'data-section="nest"'],
  ]) {
    const response = await fetch(base + page);
    const html = await response.text();
    if (response.status !== 200 || !html.includes(marker)) throw new Error(`${page} answered ${response.status} without ${marker}`);
    console.log(`${page}: ${html.length} characters`);
    variants[name] = { url: base + page, headers: { "accept-encoding": "gzip" }, pid: server.pid };
  }
  const cpu = await alternateWindows(variants, { rounds, duration, warmup: 8 });
  printRounds(cpu);
} finally {
  await server.stop();
}
