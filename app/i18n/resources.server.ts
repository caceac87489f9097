import { SUPPORTED_LANGUAGES, type Language } from "./languages";
import { NAMESPACES, type LanguageResources, type Namespace, type ResourceTree } from "./translator";

/**
 * All translations, bundled into the server build and so loaded once at start, never read per
 * request. Layout: locales/{language}/{namespace}.json.
 */
const files = import.meta.glob<ResourceTree>("../../locales/*/*.json", { eager: true, import: "default" });

function buildResources(): Record<Language, LanguageResources> {
  const resources = Object.fromEntries(SUPPORTED_LANGUAGES.map((language) => [language, {}])) as Record<Language, LanguageResources>;
  for (const [path, tree] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match;
    if (!(language in resources) || !NAMESPACES.includes(namespace as Namespace)) {
      throw new Error(`Unexpected locale file ${path}: language or namespace not known`);
    }
    resources[language as Language][namespace as Namespace] = tree;
  }
  return resources;
}

export const resources = buildResources();
