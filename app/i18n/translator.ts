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

const pluralRulesCache = new Map<string, Intl.PluralRules>();

function pluralCategory(language: Language, count: number): string {
  const locale = intlLocale(language);
  let rules = pluralRulesCache.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRulesCache.set(locale, rules);
  }
  return rules.select(count);
}

function lookup(tree: ResourceTree | undefined, path: string): string | undefined {
  let node: string | ResourceTree | undefined = tree;
  for (const part of path.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
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
export function leafKeys(tree: ResourceTree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}
