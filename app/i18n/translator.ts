import { intlLocale, type Language } from "./languages";

/**
 * A small translator for the subset of i18next's format the locales use: `ns:key.path` keys,
 * `{{name}}` interpolation and `_zero/_one/_two/_few/_many/_other` plural suffixes chosen by
 * Intl.PluralRules. The client bundle stays small (DESIGN §7: no i18next on the client); the
 * server renders with the same code, so hydration sees the same text. tests/unit/translations.test.ts
 * holds it to i18next's output for every key of every language (decision 001).
 */

export type Namespace = "common" | "errors" | "auth" | "dashboard" | "assessment" | "validation" | "recruiter" | "pages" | "report";
export const NAMESPACES: readonly Namespace[] = [
  "common",
  "errors",
  "auth",
  "dashboard",
  "assessment",
  "validation",
  "recruiter",
  "pages",
  "report",
];
export const DEFAULT_NAMESPACE: Namespace = "common";

export type ResourceTree = { [key: string]: string | ResourceTree };
/** All namespaces of one language. */
export type LanguageResources = Partial<Record<Namespace, ResourceTree>>;

export type TranslateOptions = {
  count?: number;
  defaultValue?: string;
  [name: string]: string | number | undefined;
};

export type TFunction = (key: string, options?: TranslateOptions) => string;

/** Per locale: its rules, and the category of each small whole count asked for so far. */
const pluralRulesCache = new Map<string, { rules: Intl.PluralRules; categories: Map<number, string> }>();
/** Counts up to this are remembered (a page's counts: modules, minutes, days); others are asked each time. */
const REMEMBERED_COUNTS = 1000;

function pluralCategory(language: Language, count: number): string {
  const locale = intlLocale(language);
  let cached = pluralRulesCache.get(locale);
  if (!cached) {
    cached = { rules: new Intl.PluralRules(locale), categories: new Map() };
    pluralRulesCache.set(locale, cached);
  }
  if (!Number.isInteger(count) || count < 0 || count > REMEMBERED_COUNTS) return cached.rules.select(count);
  let category = cached.categories.get(count);
  if (category === undefined) {
    category = cached.rules.select(count);
    cached.categories.set(count, category);
  }
  return category;
}

/**
 * Every text of a namespace's tree by its dotted path, made on the tree's first lookup: splitting each text's key and
 * walking the tree took 2 % of home's CPU (decision 205). Only the tree's own leaves are in it, so a key from
 * elsewhere (an upstream's error code) cannot grow it.
 */
const textsByPath = new WeakMap<ResourceTree, ReadonlyMap<string, string>>();

function flatten(tree: ResourceTree, prefix: string, into: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") into.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

function lookup(tree: ResourceTree | undefined, path: string): string | undefined {
  if (tree === undefined) return undefined;
  let texts = textsByPath.get(tree);
  if (!texts) {
    texts = flatten(tree, "", new Map());
    textsByPath.set(tree, texts);
  }
  return texts.get(path);
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => {
    const value = options[name];
    return value === undefined ? match : String(value);
  });
}

export function splitKey(key: string, defaultNamespace: Namespace): [Namespace, string] {
  const colon = key.indexOf(":");
  if (colon > 0) return [key.slice(0, colon) as Namespace, key.slice(colon + 1)];
  return [defaultNamespace, key];
}

/** Told the namespace and dotted path of every text a translator found (app/i18n/document-texts.tsx). */
export type TextUse = (namespace: Namespace, path: string) => void;

export function createTranslator(
  language: Language,
  resources: LanguageResources,
  defaultNamespace: Namespace = DEFAULT_NAMESPACE,
  onUse?: TextUse,
): TFunction {
  const find = (tree: ResourceTree | undefined, namespace: Namespace, path: string) => {
    const text = lookup(tree, path);
    if (text !== undefined && onUse) onUse(namespace, path);
    return text;
  };
  return (key, options) => {
    const [namespace, path] = splitKey(key, defaultNamespace);
    const tree = resources[namespace];
    let text: string | undefined;
    if (options?.count !== undefined) {
      const count = options.count;
      if (count === 0) text = find(tree, namespace, `${path}_zero`);
      text ??= find(tree, namespace, `${path}_${pluralCategory(language, count)}`);
      text ??= find(tree, namespace, `${path}_other`);
    }
    text ??= find(tree, namespace, path);
    if (text === undefined) return options?.defaultValue ?? key;
    return interpolate(text, options);
  };
}

/** Every leaf key of a tree as a dotted path (for tests and for the plural base keys). */
export function leafKeys(tree: ResourceTree): string[] {
  return [...flatten(tree, "", new Map()).keys()];
}
