// bench/js-composition: what every client chunk consists of (decision 114). Builds the
// client with the project's vite.config.ts plus a plugin that notes each chunk's modules, then prints
// every chunk's gzip size (the file as shipped) and, inside it, each module's share: the module's code
// as rendered into the chunk, minified alone with the same terser options and gzipped alone (an
// estimate: alone a module compresses a little worse than inside its chunk).
// Usage: node bench/js-composition.mjs [--min BYTES] [chunk-name-filter]; writes nothing to build/.
import { gzipSync } from "node:zlib";
import path from "node:path";
import { build } from "vite";
import { minify } from "terser";

const args = process.argv.slice(2);
const minIndex = args.indexOf("--min");
const minBytes = minIndex >= 0 ? Number(args.splice(minIndex, 2)[1]) : 150;
const filter = args[0];
const gzip = (text) => gzipSync(text, { level: 9 }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;
const root = process.cwd();

const chunks = [];
const collect = {
  name: "js-composition",
  apply: "build",
  enforce: "post",
  async generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== "chunk") continue;
      const modules = [];
      for (const [id, info] of Object.entries(output.modules)) {
        if (!info.code) continue;
        const minified = await minify(info.code, {
          module: false,
          toplevel: false,
          compress: { passes: 2 },
          format: { comments: false },
        }).catch(() => ({
          code: info.code,
        }));
        modules.push({ id: path.relative(root, id.replace(/^\0/, "")), gzip: gzip(minified.code ?? "") });
      }
      chunks.push({
        file: output.fileName,
        gzip: gzip(output.code),
        imports: output.imports,
        dynamicImports: output.dynamicImports,
        modules,
      });
    }
  },
};

await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn", plugins: [collect], build: { write: false } });

chunks.sort((a, b) => b.gzip - a.gzip);
for (const chunk of chunks) {
  if (filter && !chunk.file.includes(filter)) continue;
  console.log(`${chunk.file}  ${kib(chunk.gzip)}  imports: ${chunk.imports.map((file) => path.basename(file)).join(", ") || "—"}`);
  if (chunk.dynamicImports.length) console.log(`    dynamic: ${chunk.dynamicImports.map((file) => path.basename(file)).join(", ")}`);
  for (const module of chunk.modules.sort((a, b) => b.gzip - a.gzip)) {
    if (module.gzip >= minBytes) console.log(`    ${kib(module.gzip).padStart(10)}  ${module.id}`);
  }
}
