import type { Language } from "./languages";
import { resources } from "./resources.server";
import { createTranslator, DEFAULT_NAMESPACE, type Namespace, type TFunction } from "./translator";

/** The same translator the React tree uses, for code that must match rendered text exactly. */
export function getTranslator(language: Language, namespace: Namespace = DEFAULT_NAMESPACE): TFunction {
  return createTranslator(language, resources[language], namespace);
}
