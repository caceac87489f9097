// Lab: what a page's own content costs the server, beside the rest of the request (the session, the
// upstream calls, the layout, the document's scripts and data). Makes a copy of the build in which one part
// of the page renders (almost) nothing, everything else as it is: the loaders run, their data goes into the
// document, only the part's markup is gone. Not a product change: figures for docs/performance.md («What
// home's own content costs, 2026-11-30 (forenoon)»).
// Usage: npm run build && node bench/lab/page-content.mjs DIR --part home|cards|layout
//        (DIR under .tmp/, e.g. .tmp/content-home; DIR/build is a copy of ./build with the part emptied)
//          home    the home page's content (HomePage: an empty <div class="home">)
//          cards   the module groups on home (ContainerCard: an empty <li>)
//          layout  the layout around every page (Frame: only <main> with the page; no header,
//                  navigation, footer, language chooser)
//        Then: node bench/ssr-throughput.mjs --pages home --before DIR/build [--upstream separate]: the
//        "(before)" rows are the copy without the part, the others the product as it is, in the same rounds.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freshLabCopy } from "../lib/lab-copy.mjs";
import { ROOT } from "../lib/server.mjs";

const option = (name) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};

// The server build is not minified (decision 178): each part is a function of our own source there, and the
// copy returns early from it. The early return leaves the function's hooks uncalled, which is only safe
// because the copy never hydrates or re-renders: it serves documents to the benchmark and nothing else.
const PARTS = {
  home: { fn: "HomePage", early: 'return jsx("div", { className: "home" });' },
  cards: { fn: "ContainerCard", early: 'return jsx("li", {});' },
  layout: { fn: "Frame", early: 'return jsx("main", { id: "main", children });' },
};

const part = PARTS[option("part")];
const usage = `usage: node bench/lab/page-content.mjs DIR --part ${Object.keys(PARTS).join("|")} (DIR under .tmp/)`;
if (!part) {
  console.error(usage);
  process.exit(2);
}
const dir = freshLabCopy(process.argv[2], usage);

const assets = path.join(dir, "build/server/assets");
const header = `function ${part.fn}(`;
const files = readdirSync(assets).filter((file) => file.endsWith(".js") && readFileSync(path.join(assets, file), "utf8").includes(header));
if (files.length !== 1) throw new Error(`expected one server chunk with ${header}, found ${files.length}`);
const target = path.join(assets, files[0]);
const source = readFileSync(target, "utf8");
const start = source.indexOf(header);
if (source.indexOf(header, start + 1) >= 0) throw new Error(`${header} is there twice`);
// The body starts after the parameter list, at the first ") {" line end (parameters may span lines).
const bodyStart = source.indexOf(") {\n", start);
if (bodyStart < 0) throw new Error(`no body found for ${header}`);
const at = bodyStart + ") {\n".length;
writeFileSync(target, `${source.slice(0, at)}  ${part.early}\n${source.slice(at)}`);
console.log(`${path.relative(ROOT, dir)}: build copied, ${part.fn} returns early (${path.relative(ROOT, target)})`);
