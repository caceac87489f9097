import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { transform } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStackMapper, enclosingFunction } from "~/errors/client-stack.server";

/**
 * R-ENT-09, decision 174: a browser stack names positions in minified bundles; the server maps the frames of this
 * build's bundles to the original file, line, column and function. The bundle here is minified by esbuild with a
 * real source map, laid out like the build's (build/sourcemaps/client/assets/<bundle>.js.map, sources relative to
 * build/client/assets).
 */
const SOURCE = `import { useState } from "react";

export function FilterFields({ rows }: { rows: number[] }) {
  const [open] = useState(false);
  const total = rows.map((row) => row * 2);
  if (!open) {
    throw new Error("boom-marker");
  }
  return total;
}

export const helper = (value: string) => value.toUpperCase() + "helper-marker";
`;

let dir: string;
let minified: string;
const BUNDLE = "shell-Ab12Cd34.js";

/** Line and column (1-based, as in a browser stack) of a marker in the minified bundle. */
function positionOf(marker: string): { line: number; column: number } {
  const index = minified.indexOf(marker);
  const before = minified.slice(0, index);
  const line = before.split("\n").length;
  return { line, column: index - before.lastIndexOf("\n") };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "client-stack-"));
  const result = await transform(SOURCE, {
    loader: "tsx",
    format: "esm",
    minify: true,
    sourcemap: "external",
    // As Vite writes it: the source relative to the map's place in build/client/assets.
    sourcefile: "../../../app/recruiter/applicant-list.tsx",
    sourcesContent: true,
  });
  minified = result.code;
  mkdirSync(path.join(dir, "assets"), { recursive: true });
  writeFileSync(path.join(dir, "assets", `${BUNDLE}.map`), result.map);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("client stacks in original source (R-ENT-09, decision 174)", () => {
  it("maps a Chromium frame of a bundle of this build to the original file, line and enclosing component", async () => {
    const at = positionOf('"boom-marker"');
    const stack = `Error: boom-marker\n    at Wn (https://example.org/assets/${BUNDLE}:${at.line}:${at.column})\n    at https://example.org/assets/${BUNDLE}:${at.line}:${at.column}`;
    const mapped = await createStackMapper({ mapsDir: dir }).map(stack);
    const lines = mapped.stack.split("\n");
    expect(lines[0]).toBe("Error: boom-marker");
    expect(lines[1]).toMatch(/^ {4}at FilterFields \(app\/recruiter\/applicant-list\.tsx:7:\d+\)$/);
    expect(lines[2]).toMatch(/^ {4}at FilterFields \(app\/recruiter\/applicant-list\.tsx:7:\d+\)$/);
    expect(mapped).toMatchObject({ bundleFrames: 2, mappedFrames: 2 });
  });

  it("maps Firefox and Safari frames (name@url:line:column) too, and names an arrow function's constant", async () => {
    const at = positionOf('"helper-marker"');
    const mapped = await createStackMapper({ mapsDir: dir }).map(`o@https://example.org/assets/${BUNDLE}:${at.line}:${at.column}`);
    expect(mapped.stack).toMatch(/^helper@app\/recruiter\/applicant-list\.tsx:12:\d+$/);
  });

  it("passes foreign files, other builds' bundles, odd names and non-frames through unchanged", async () => {
    const at = positionOf('"boom-marker"');
    const stack = [
      "TypeError: x is undefined",
      "    at f (https://cdn.example.com/lib.js:1:10)",
      `    at g (https://example.org/assets/shell-Zz99Yy88.js:${at.line}:${at.column})`,
      `    at h (https://example.org/assets/..%2F..%2Fetc%2Fpasswd.js:1:1)`,
      "    at chrome-extension://abc/content.js:3:4",
      "not a frame at all",
    ].join("\n");
    const mapped = await createStackMapper({ mapsDir: dir }).map(stack);
    expect(mapped.stack).toBe(stack);
    expect(mapped.mappedFrames).toBe(0);
  });

  it("passes everything through when the build has no maps", async () => {
    const at = positionOf('"boom-marker"');
    const stack = `Error: boom\n    at Wn (https://example.org/assets/${BUNDLE}:${at.line}:${at.column})`;
    const mapped = await createStackMapper({ mapsDir: path.join(dir, "missing") }).map(stack);
    expect(mapped).toEqual({ stack, bundleFrames: 1, mappedFrames: 0 });
  });

  it("leaves a map larger than its bound unread", async () => {
    const at = positionOf('"boom-marker"');
    const stack = `Error: boom\n    at Wn (https://example.org/assets/${BUNDLE}:${at.line}:${at.column})`;
    const mapped = await createStackMapper({ mapsDir: dir, maxMapBytes: 10 }).map(stack);
    expect(mapped.stack).toBe(stack);
  });
});

describe("the enclosing function of a line of original source", () => {
  it("is the nearest declaration indented less, skipping blocks, callbacks and finished inner functions", () => {
    const source = [
      "function A() {", // 1
      "  function inner() {", // 2
      "    run();", // 3
      "  }", // 4
      "  if (x) {", // 5
      "    items.map((item) => {", // 6
      "      throw item;", // 7
      "    });", // 8
      "  }", // 9
      "}", // 10
      "const B = async (value: string) => {", // 11
      "  return value;", // 12
      "};", // 13
      "top();", // 14
      "export default function Page() {", // 15
      "  return <div onClick={() => fail()} />;", // 16
      "}", // 17
      "export function FilterFields({", // 18
      "  rows,", // 19
      "}: Props) {", // 20
      "  if (rows) {", // 21
      "    fail();", // 22
      "  } else {", // 23
      "    throw rows;", // 24
      "  }", // 25
      "}", // 26
    ].join("\n");
    expect(enclosingFunction(source, 7)).toBe("A");
    expect(enclosingFunction(source, 3)).toBe("inner");
    expect(enclosingFunction(source, 5)).toBe("A");
    expect(enclosingFunction(source, 12)).toBe("B");
    expect(enclosingFunction(source, 14)).toBeNull();
    expect(enclosingFunction(source, 16)).toBe("Page");
    expect(enclosingFunction(source, 22)).toBe("FilterFields");
    expect(enclosingFunction(source, 24)).toBe("FilterFields");
    expect(enclosingFunction(source, 99)).toBeNull();
  });
});
