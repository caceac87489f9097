// bench/page-weight: for each applicant page, the compressed HTML, the gzip size of every script the
// page loads and the CSS, against the budgets of DESIGN.md §7 (JS ≤ 90 KiB hydrated, 0 B in lite
// mode, HTML ≤ 14 KiB compressed). Usage: npm run build && node bench/page-weight.mjs [--verbose]
import { kib, measurePage } from "./lib/weight.mjs";
import { startBuiltServer } from "./lib/server.mjs";
import { PAGES } from "./pages.mjs";

const verbose = process.argv.includes("--verbose");
const server = await startBuiltServer();
const rows = [];
try {
  for (const page of PAGES) {
    const cookie = page.session ? await page.session(server.baseUrl) : undefined;
    const normal = await measurePage(server.baseUrl, page.path, { cookie });
    const lite = await measurePage(server.baseUrl, page.path, { cookie, headers: { "Save-Data": "on" } });
    rows.push({ name: page.name, normal, lite });
  }
} finally {
  await server.stop();
}

const pad = (value, width) => String(value).padEnd(width);
console.log(pad("page", 28), pad("HTML raw", 10), pad("HTML gz", 10), pad("JS gz", 10), pad("JS lite", 9), pad("CSS gz", 9), "files");
for (const { name, normal, lite } of rows) {
  console.log(pad(name, 28), pad(kib(normal.htmlRaw), 10), pad(kib(normal.htmlGzip), 10), pad(kib(normal.jsGzip), 10), pad(`${lite.jsGzip} B`, 9), pad(kib(normal.cssGzip), 9), normal.jsFiles.length);
  if (verbose) for (const file of normal.jsFiles) console.log("   ", pad(file.file, 50), kib(file.gzip));
}
const overJs = rows.filter((row) => row.normal.jsGzip > 90 * 1024).map((row) => row.name);
const overHtml = rows.filter((row) => row.normal.htmlGzip > 14 * 1024).map((row) => row.name);
const liteJs = rows.filter((row) => row.lite.jsGzip > 0).map((row) => row.name);
console.log(`budgets: JS ≤ 90 KiB ${overJs.length ? `EXCEEDED by ${overJs.join(", ")}` : "met"}; ` +
  `HTML ≤ 14 KiB ${overHtml.length ? `EXCEEDED by ${overHtml.join(", ")}` : "met"}; ` +
  `lite mode 0 B JS ${liteJs.length ? `EXCEEDED by ${liteJs.join(", ")}` : "met"}`);
