import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "~/i18n/languages";
import { resources } from "~/i18n/resources.server";
import { createTranslator, leafKeys, NAMESPACES, type ResourceTree } from "~/i18n/translator";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keysOf(language: (typeof SUPPORTED_LANGUAGES)[number], namespace: (typeof NAMESPACES)[number]): string[] {
  return leafKeys(resources[language][namespace] ?? {}).sort();
}

describe("translations", () => {
  it("every namespace exists in all five languages", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      for (const namespace of NAMESPACES) expect(resources[language][namespace], `${language}/${namespace}`).toBeDefined();
    }
  });

  it("every key of de-DU exists in every other language (no missing translations)", () => {
    for (const namespace of NAMESPACES) {
      const reference = keysOf("de-DU", namespace).map((key) => key.replace(PLURAL_SUFFIX, ""));
      for (const language of SUPPORTED_LANGUAGES) {
        const keys = new Set(keysOf(language, namespace).map((key) => key.replace(PLURAL_SUFFIX, "")));
        const missing = [...new Set(reference)].filter((key) => !keys.has(key));
        expect(missing, `${language}/${namespace} lacks keys`).toEqual([]);
        const extra = [...keys].filter((key) => !reference.includes(key));
        expect(extra, `${language}/${namespace} has keys de-DU lacks`).toEqual([]);
      }
    }
  });

  it("no translation is empty", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      for (const namespace of NAMESPACES) {
        const tree = resources[language][namespace] ?? {};
        for (const key of leafKeys(tree)) {
          const value = key.split(".").reduce<unknown>((node, part) => (node as ResourceTree)[part], tree);
          expect(String(value).trim(), `${language}/${namespace}:${key}`).not.toBe("");
        }
      }
    }
  });

  it("the client translator renders every key exactly like i18next on the server", async () => {
    const instance = i18next.createInstance();
    await instance.init({
      resources,
      ns: [...NAMESPACES],
      fallbackLng: false,
      interpolation: { escapeValue: false },
      load: "currentOnly",
      cleanCode: false,
      lowerCaseLng: false,
      nonExplicitSupportedLngs: false,
      supportedLngs: [...SUPPORTED_LANGUAGES],
    });
    const values = { name: "Anna", email: "support@example.com", code: "C02", requestId: "req-1", customer: "Demo AG", count: 3 };
    for (const language of SUPPORTED_LANGUAGES) {
      for (const namespace of NAMESPACES) {
        const t = createTranslator(language, resources[language], namespace);
        const fixed = instance.getFixedT(language, namespace);
        for (const key of new Set(keysOf(language, namespace).map((k) => k.replace(PLURAL_SUFFIX, "")))) {
          // 1001: above the counts the translator remembers per locale (decision 205), asked of the rules each time.
          for (const count of [0, 1, 2, 5, 1001]) {
            expect(t(key, { ...values, count }), `${language}/${namespace}:${key} (${count})`).toBe(fixed(key, { ...values, count }));
          }
        }
      }
    }
  });
});
