import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { originalPositionFor, sourceContentFor, TraceMap } from "@jridgewell/trace-mapping";

/**
 * Client stacks in original source (docs/decisions/174): a browser error report names positions in the minified
 * bundles (`at Wn (…/assets/shell-DDAnovbK.js:1:48213)`); the server maps each frame of a bundle of this build to
 * its original file, line, column and enclosing function with the build's hidden source maps
 * (build/sourcemaps/client, never served) before the report is logged and sent to Sentry. Frames of other files, of
 * another build's bundles (a page loaded before a deploy) and of anything unreadable pass through unchanged.
 */
export interface MappedStack {
  stack: string;
  /** Frames that name a bundle of the client build (`/assets/….js`). */
  bundleFrames: number;
  /** Of those, the frames mapped to an original file. */
  mappedFrames: number;
}

export interface StackMapper {
  map(stack: string): Promise<MappedStack>;
}

export interface StackMapperOptions {
  /** Where the client build's maps are: `<dir>/assets/<bundle>.js.map`; a missing directory maps nothing. */
  mapsDir: string;
  /** How long one report may wait for maps to load before its stack passes through unchanged. */
  deadlineMs?: number;
  /** Bundles whose parsed maps are kept (least recently used out first). */
  cachedMaps?: number;
  /** A map file larger than this is not read (a bound on memory per bundle). */
  maxMapBytes?: number;
}

/** A bundle file name as Vite writes it: no directories, no traversal. */
const BUNDLE_FILE = /^[\w-]+(?:\.[\w-]+)*\.js$/;
/** Chromium and Node: `    at name (url:line:column)`, `    at url:line:column`, `    at async name (…)`. */
const V8_FRAME = /^(\s*at )(?:(.+?) \()?((?:https?:\/\/[^\s()]+?)?\/assets\/[^\s()/]+?):(\d+):(\d+)(\)?)\s*$/;
/** Firefox and Safari: `name@url:line:column`, `@url:line:column`. */
const GECKO_FRAME = /^(\s*)([^@\s]*)@((?:https?:\/\/[^\s@]+?)?\/assets\/[^\s@/]+?):(\d+):(\d+)\s*$/;
const MAX_FRAMES = 50;

interface LoadedMap {
  trace: TraceMap;
  /** Original sources split into lines once, on the first frame that needs them (a bundle's map holds React's too). */
  lines: Map<string, string[]>;
}

/** Declarations of a function, component or method on a line of original source; the name is the first group. */
const DECLARATIONS = [
  /^\s*(?:export\s+(?:default\s+)?)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*[<(]/,
  /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\b|<[^>]*>\s*\(|\(|[A-Za-z_$][\w$]*\s*=>|(?:React\.)?(?:memo|forwardRef|lazy)\()/,
  /^\s*(?:(?:public|private|protected|static|async|get|set)\s+)*([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*(?::\s*[^{]+)?\{\s*$/,
];
const declaredName = (line: string) => DECLARATIONS.map((pattern) => pattern.exec(line)?.[1]).find(Boolean);
const NOT_NAMES = new Set(["if", "for", "while", "switch", "catch", "return", "function", "with", "else"]);
const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * The function a line of original source is in: the nearest declaration above it that is indented less (the code
 * is Prettier-formatted, so a body is indented deeper than its declaration). Null at module level.
 */
export function enclosingFunction(source: string | readonly string[], line: number): string | null {
  const lines = typeof source === "string" ? source.split("\n") : source;
  const target = lines[line - 1];
  if (target === undefined) return null;
  let indent = target.trim() === "" ? Number.POSITIVE_INFINITY : indentOf(target) + 1;
  for (let index = line - 1; index >= 0 && index >= line - 400; index--) {
    const text = lines[index];
    if (text.trim() === "") continue;
    const name = declaredName(text);
    // The frame's own line may be the declaration (a throw in a one-line arrow function).
    if (name && !NOT_NAMES.has(name) && (index === line - 1 || indentOf(text) < indent)) return name;
    // A line at indent k has its enclosing declaration above it at less than k; a line that closes a bracket and opens
    // another (`}: Props) {`, `) => {`, `} else {`) continues the statement begun at its own indent.
    const continues = /^\s*[)\]}]/.test(text) && /(?:[{([]|=>)\s*$/.test(text);
    indent = Math.min(indent, indentOf(text) + (continues ? 1 : 0));
  }
  return null;
}

export function createStackMapper(options: StackMapperOptions): StackMapper {
  const assetsDir = path.join(options.mapsDir, "assets");
  const deadlineMs = options.deadlineMs ?? 1000;
  const cachedMaps = options.cachedMaps ?? 32;
  const maxMapBytes = options.maxMapBytes ?? 16 * 1024 * 1024;
  const cache = new Map<string, Promise<LoadedMap | null>>();

  async function readMap(file: string): Promise<LoadedMap | null> {
    const mapPath = path.join(assetsDir, `${file}.map`);
    try {
      const { size } = await stat(mapPath);
      if (size > maxMapBytes) return null;
      const json = JSON.parse(await readFile(mapPath, "utf8")) as ConstructorParameters<typeof TraceMap>[0];
      // The sources are relative to the map's place in the client build (build/client/assets), where Vite wrote it.
      return { trace: new TraceMap(json, `build/client/assets/${file}.map`), lines: new Map() };
    } catch {
      return null;
    }
  }

  function load(file: string): Promise<LoadedMap | null> {
    const cached = cache.get(file);
    if (cached) {
      cache.delete(file);
      cache.set(file, cached);
      return cached;
    }
    const loading = readMap(file);
    cache.set(file, loading);
    while (cache.size > cachedMaps) cache.delete(cache.keys().next().value as string);
    return loading;
  }

  function original(loaded: LoadedMap, line: number, column: number) {
    const position = originalPositionFor(loaded.trace, { line, column: Math.max(0, column - 1) });
    if (position.source === null || position.line === null || position.column === null) return null;
    let lines = loaded.lines.get(position.source);
    if (!lines) {
      lines = sourceContentFor(loaded.trace, position.source)?.split("\n") ?? [];
      loaded.lines.set(position.source, lines);
    }
    const name = enclosingFunction(lines, position.line) ?? position.name;
    return { source: position.source, line: position.line, column: position.column + 1, name };
  }

  async function mapStack(stack: string): Promise<MappedStack> {
    const lines = stack.split("\n");
    let bundleFrames = 0;
    let mappedFrames = 0;
    let frames = 0;
    const mapped = await Promise.all(
      lines.map(async (text) => {
        const v8 = V8_FRAME.exec(text);
        const gecko = v8 ? null : GECKO_FRAME.exec(text);
        if (!v8 && !gecko) return text;
        if (++frames > MAX_FRAMES) return text;
        const url = v8 ? v8[3] : gecko![3];
        const file = url.slice(url.lastIndexOf("/assets/") + "/assets/".length);
        if (!BUNDLE_FILE.test(file)) return text;
        bundleFrames++;
        const loaded = await load(file);
        if (!loaded) return text;
        const position = original(loaded, Number(v8 ? v8[4] : gecko![4]), Number(v8 ? v8[5] : gecko![5]));
        if (!position) return text;
        mappedFrames++;
        const where = `${position.source}:${position.line}:${position.column}`;
        if (v8) {
          const name = position.name ?? v8[2];
          return name ? `${v8[1]}${name} (${where})` : `${v8[1]}${where}`;
        }
        return `${gecko![1]}${position.name ?? gecko![2]}@${where}`;
      }),
    );
    return { stack: mapped.join("\n"), bundleFrames, mappedFrames };
  }

  return {
    async map(stack) {
      const unchanged: MappedStack = { stack, bundleFrames: 0, mappedFrames: 0 };
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<MappedStack>((resolve) => {
        timer = setTimeout(() => resolve(unchanged), deadlineMs);
        timer.unref();
      });
      try {
        return await Promise.race([mapStack(stack).catch(() => unchanged), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
