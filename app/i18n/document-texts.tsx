import { createContext, useContext } from "react";
import { useNonce } from "~/components/nonce";
import type { Language } from "./languages";
import type { LanguageResources, Namespace, ResourceTree, TextUse } from "./translator";

/**
 * Documents carry only the translations the browser needs (docs/decisions/108).
 *
 * The server renders every string from all translations, bundled into the server build
 * (registerServerTexts, called by entry.server), never from loader data. While it renders a page,
 * a TextRecorder notes each text the page used; texts the browser shows from its own state (a
 * button's "Sending …" while a form is sent) are declared where they are used (useClientTexts).
 * After the page, <DocumentTexts> writes just those into a JSON data block; the browser hydrates
 * with them and so renders the same text. The first client navigation revalidates the root, whose
 * loader then brings the language's translations in full (data requests only, root.tsx).
 * Lite mode (no JavaScript) gets no data block at all.
 */

export const TEXTS_ELEMENT_ID = "i18n-texts";

let serverTexts: Record<Language, LanguageResources> | undefined;

/**
 * The data block's JSON for a language and a render's entries. A page renders the same texts on
 * every request, so they are picked and serialized once per language and set of entries, not per
 * document (decision 108). The key lists the entries in the order the render noted them; the
 * oldest key goes when the cache is full, should entries ever vary beyond the pages' own.
 */
const serializedTexts = new Map<string, string>();
const SERIALIZED_TEXTS_LIMIT = 500;

/** Server only: every language's translations (app/i18n/resources.server.ts). */
export function registerServerTexts(all: Record<Language, LanguageResources>): void {
  serverTexts = all;
  serializedTexts.clear();
}

/** The texts one server render used, as `namespace:path` of a text or of a group of texts. */
export class TextRecorder {
  readonly entries = new Set<string>();

  /** A text the page rendered. */
  readonly use: TextUse = (namespace, path) => {
    this.entries.add(`${namespace}:${path}`);
  };

  /** A text or group the browser shows later without asking the server (a state of the page). */
  include(namespace: Namespace, path: string): void {
    this.entries.add(`${namespace}:${path}`);
  }
}

const RecorderContext = createContext<TextRecorder | null>(null);

/** entry.server gives every document render its own recorder. */
export const TextRecorderProvider = RecorderContext.Provider;

export function useTextRecorder(): TextRecorder | null {
  return useContext(RecorderContext);
}

/**
 * Texts the browser renders from its own state, never in the server's render (e.g. a download
 * that failed): declared where they are used, so the document carries them. `keys` are
 * `path` or `namespace:path` of a text or a group.
 */
export function useClientTexts(namespace: Namespace, keys: readonly string[]): void {
  const recorder = useTextRecorder();
  if (!recorder) return;
  for (const key of keys) {
    const colon = key.indexOf(":");
    if (colon > 0) recorder.include(key.slice(0, colon) as Namespace, key.slice(colon + 1));
    else recorder.include(namespace, key);
  }
}

let embedded: { json: string; texts: LanguageResources } | undefined;

/** Browser only: the texts the document brought (read once). */
function embeddedTexts(): { json: string; texts: LanguageResources } {
  if (embedded) return embedded;
  if (import.meta.env.SSR) return { json: "{}", texts: {} };
  const json = document.getElementById(TEXTS_ELEMENT_ID)?.textContent ?? "";
  let texts: LanguageResources = {};
  try {
    if (json) texts = JSON.parse(json) as LanguageResources;
  } catch {
    texts = {};
  }
  embedded = { json, texts };
  return embedded;
}

/**
 * The translations a document renders with: the root loader's when it brought them (client
 * navigations), else all of them on the server, else those the document carried.
 */
export function documentTexts(language: Language, fromLoader?: LanguageResources): LanguageResources {
  if (fromLoader) return fromLoader;
  if (serverTexts) return serverTexts[language];
  return embeddedTexts().texts;
}

function nodeAt(tree: ResourceTree | undefined, path: string[]): string | ResourceTree | undefined {
  let node: string | ResourceTree | undefined = tree;
  for (const part of path) {
    if (node === undefined || typeof node === "string" || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

/** The part of `all` named by recorder entries (a group includes everything under it). */
export function pickTexts(all: LanguageResources, entries: Iterable<string>): LanguageResources {
  const parsed = [...entries]
    .map((entry) => {
      const colon = entry.indexOf(":");
      return { namespace: entry.slice(0, colon) as Namespace, path: entry.slice(colon + 1).split(".") };
    })
    .sort((a, b) => a.path.length - b.path.length);
  const taken = new Set<string>();
  const picked: LanguageResources = {};
  for (const { namespace, path } of parsed) {
    // Already inside a group taken whole: nothing to add (and the shared tree must not be written to).
    if (path.some((_, index) => taken.has(`${namespace}:${path.slice(0, index + 1).join(".")}`))) continue;
    const node = nodeAt(all[namespace], path);
    if (node === undefined) continue;
    taken.add(`${namespace}:${path.join(".")}`);
    let target = (picked[namespace] ??= {});
    for (const part of path.slice(0, -1)) {
      const next = target[part];
      target = typeof next === "object" ? next : (target[part] = {});
    }
    target[path[path.length - 1]] = node;
  }
  return picked;
}

/** JSON that cannot end its <script> element or open a comment inside it. */
export function serializeTexts(texts: LanguageResources): string {
  return JSON.stringify(texts)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** See serializedTexts. */
function serializedServerTexts(all: Record<Language, LanguageResources>, language: Language, entries: Set<string>): string {
  let key: string = language;
  for (const entry of entries) key += `\n${entry}`;
  let json = serializedTexts.get(key);
  if (json === undefined) {
    json = serializeTexts(pickTexts(all[language], entries));
    if (serializedTexts.size >= SERIALIZED_TEXTS_LIMIT) serializedTexts.delete(serializedTexts.keys().next().value!);
    serializedTexts.set(key, json);
  }
  return json;
}

/**
 * The data block with the page's texts. Rendered after the page (React renders in order on the
 * server, and nothing in the page suspends), so the recorder has seen every text by then; the
 * browser renders the same block back from what it read.
 */
export function DocumentTexts({ language }: { language: Language }) {
  const recorder = useTextRecorder();
  // A data block runs nothing, but every <script> of a document carries the request's nonce: the CSP
  // test holds every tag to it, and a proxy that rewrites types cannot turn this one into a gap.
  const nonce = useNonce();
  const json = recorder && serverTexts ? serializedServerTexts(serverTexts, language, recorder.entries) : embeddedTexts().json;
  return (
    <script
      type="application/json"
      id={TEXTS_ELEMENT_ID}
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** Browser: whether the root's data holds the full translations yet (Remix's router, as in entry.client). */
export function rootHasFullTexts(): boolean {
  if (import.meta.env.SSR) return true;
  const router = (window as unknown as { __remixRouter?: { state: { loaderData: Record<string, unknown> } } }).__remixRouter;
  const root = router?.state.loaderData.root as { resources?: unknown } | undefined;
  return Boolean(root?.resources);
}
