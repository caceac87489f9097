// A requirement is done when a test that fails without it names its ID in its title (shared/spec/requirements.md):
// this lists every ID of the index that no test title under tests/ names, and fails when there is one.
//
//   REQUIREMENTS_PATH=path/to/requirements.md node scripts/check-requirement-ids.mjs   (default ../shared/spec/…)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
const ID = /R-[A-Z]+-[0-9]+/g;

/**
 * The IDs of the index: those in the first column of its tables. Other columns name IDs too (`see R-LANG-*`), as
 * references, not as requirements of their own.
 * @param {string} markdown
 */
export function requirementIds(markdown) {
  const ids = [];
  for (const line of markdown.split("\n")) {
    const match = /^\|\s*(R-[A-Z]+-[0-9]+)\s*\|/.exec(line);
    if (match) ids.push(match[1]);
  }
  return [...new Set(ids)];
}

/** A string literal of any of the three quotes; a template's `${…}` parts stay in as written. */
const STRING = String.raw`"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'|` + "`((?:\\\\.|[^`\\\\])*)`";
/**
 * The title of a test or group, vitest's or Playwright's: `it(`, `test(`, `describe(`, with modifiers such as `.skip`
 * or `test.describe.serial`, and the title after `.each(…)(` or `.skipIf(…)(` (one level of nested parentheses in
 * those arguments). The lookbehind leaves out methods of the same name, such as a regular expression's `.test(`.
 */
const TITLE = new RegExp(
  String.raw`(?<![\w$.])(?:it|test|describe)` +
    String.raw`(?:\s*\.\s*(?:only|skip|todo|fails|concurrent|sequential|describe|serial|parallel|fixme|fail|slow))*` +
    String.raw`(?:\s*\.\s*(?:each|for|skipIf|runIf)\s*\((?:[^()]|\([^()]*\))*\)\s*)?` +
    String.raw`\(\s*(?:${STRING})`,
  "g",
);

/**
 * The titles of a test file's tests and groups. An ID in a describe title names every test inside it, so a group's
 * title counts like a test's.
 * @param {string} source
 */
export function testTitles(source) {
  return [...source.matchAll(TITLE)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
}

/**
 * The IDs that no title names, in the index's order.
 * @param {string[]} ids
 * @param {string[]} titles
 */
export function unnamedIds(ids, titles) {
  const named = new Set(titles.flatMap((title) => title.match(ID) ?? []));
  return ids.filter((id) => !named.has(id));
}

/** Every .ts and .tsx file under tests/. */
function testFiles() {
  const dir = path.join(ROOT, "tests");
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

function main() {
  const indexPath = path.resolve(ROOT, process.env.REQUIREMENTS_PATH ?? "../shared/spec/requirements.md");
  // A fresh clone without the shared folder beside it has no index to check against; that is not a failing test.
  if (!existsSync(indexPath)) {
    process.stdout.write(`requirement IDs: no index at ${indexPath}, nothing checked\n`);
    return;
  }
  const ids = requirementIds(readFileSync(indexPath, "utf8"));
  const titles = testFiles().flatMap((file) => testTitles(readFileSync(file, "utf8")));
  const unnamed = unnamedIds(ids, titles);
  if (unnamed.length === 0) {
    process.stdout.write(`requirement IDs: all ${ids.length} of ${indexPath} are named by a test title\n`);
    return;
  }
  process.stdout.write(`requirement IDs: ${unnamed.length} of ${ids.length} in ${indexPath} are named by no test title:\n`);
  for (const id of unnamed) process.stdout.write(`  ${id}\n`);
  process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
