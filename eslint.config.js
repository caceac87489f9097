// ESLint flat config (decision 131): type-aware typescript-eslint, React, hooks, jsx-a11y and an
// import-cycle rule. Formatting is Prettier's job: eslint-config-prettier (last) turns off the rules it owns.
// `npm run lint` runs it with a cache (node_modules/.cache/eslint) and --max-warnings 0.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** What Remix code throws besides errors: redirect(), data(), our own Responses. */
const THROWN_RESPONSES = [
  { from: "lib", name: "Response" },
  { from: "package", package: "@remix-run/server-runtime", name: "TypedResponse" },
  { from: "package", package: "@remix-run/router", name: "DataWithResponseInit" },
];

export default defineConfig(
  {
    ignores: [
      // Every build output, also bench/baseline's (the throughput and page-weight benchmarks build it), as in .gitignore.
      "**/build/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "blob-report/**",
      "coverage/**",
      ".cache/**",
      ".tmp/**",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    files: ["app/**/*.tsx", "tests/**/*.tsx"],
    extends: [react.configs.flat.recommended, react.configs.flat["jsx-runtime"]],
    settings: { react: { version: "detect" } },
  },
  {
    files: ["app/**/*.{ts,tsx}", "tests/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    plugins: { "import-x": importX },
    settings: {
      // import-x only follows files with these extensions (default: .js only, which made no-cycle see nothing).
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // Resolves tsconfig's "~/*" → "./app/*" paths, so no-cycle follows the app's own imports.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      // A scrollable table region must be reachable by keyboard to scroll it (WCAG 2.1.1; axe's
      // scrollable-region-focusable): role="region" with a label and tabIndex={0} is that pattern.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
      // Props passed down to our own field components are fine; on DOM elements autofocus stays an error
      // except in app/forms/field.tsx (below).
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
    },
  },
  {
    // The upstream's answers are parsed with zod 4's API from the pinned zod 3.25 package, the forms keep zod 3 with
    // conform (docs/decisions/208): a schema of zod 4.0 costs some twenty times more to build, and forms build theirs
    // per request. The reference API (api/) keeps zod 3, whose issue codes its replies carry.
    files: ["app/upstream/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [{ name: "zod", message: 'Import "zod/v4" here (docs/decisions/208).' }] }] },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/upstream/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "zod/v4", message: 'Only app/upstream/ imports "zod/v4" (docs/decisions/208).' }] },
      ],
    },
  },
  {
    // The one place that renders autoFocus on inputs, as decision 042 wants: the summary's edit link (?field=name)
    // and a failed submit put focus on that field, also without JavaScript. It is never set on a plain first visit.
    files: ["app/forms/field.tsx"],
    rules: { "jsx-a11y/no-autofocus": "off" },
  },
  {
    files: ["app/**/*.tsx", "tests/**/*.tsx"],
    // TypeScript checks component props at compile time; runtime PropTypes would only repeat the types (and the
    // rule misreads props typed through SerializeFrom/inferred loader data).
    rules: { "react/prop-types": "off" },
  },
  {
    // The Module class gets exactly the fields of ModuleFields from Object.assign in its constructor (every field
    // read and defaulted by readModuleFields); the merged interface only tells TypeScript so.
    files: ["app/domain/module.ts"],
    rules: { "@typescript-eslint/no-unsafe-declaration-merging": "off" },
  },
  {
    files: ["tests/api/**/*.ts", "tests/integration/redos.test.ts"],
    // Contract tests read the API's JSON replies untyped on purpose (Reply<T = any> in tests/api/support/api.ts):
    // the expect() calls are the check of the shape, and typing each reply would copy the API's own types into the
    // tests that are meant to check them independently. Everywhere else (app/, server/, api/) these rules stay on.
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    // The fake upstreams and proxies of the integration tests are node:http servers with async listeners: a throw
    // there is an unhandled rejection, which fails the vitest run, the outcome a broken fake should have.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false } }] },
  },
  {
    // Playwright reads a test's fixtures from its first parameter, which must be an object pattern even when the
    // test needs none (`async ({}, testInfo) => …`).
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    rules: {
      // Remix loaders and actions throw Responses (redirect(), data(), our notFound()) to end a request early:
      // that is the framework's control flow, not a misuse of throw. Other non-Error values stay forbidden.
      "@typescript-eslint/only-throw-error": ["error", { allow: THROWN_RESPONSES }],
      // The same for rejections; a reason typed unknown is one passed on unchanged (as only-throw-error allows).
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allow: THROWN_RESPONSES, allowThrowingUnknown: true }],
      // `async` without `await` is how this code implements an async interface with synchronous work (the memory
      // session store and rate limiter, the SQLite seed, modal loaders): a throw then becomes a rejected promise as
      // callers expect, instead of a synchronous throw. The promise rules that catch real bugs (no-floating-promises,
      // no-misused-promises) stay on.
      "@typescript-eslint/require-await": "off",
      // An empty interface that extends one type is how a declaration is merged into (Remix's AppLoadContext, the
      // Module class's fields); empty interfaces of any other kind stay errors.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // The .mjs/.js files (bench/, scripts/, remix.config.js, this file) are outside tsconfig's include: no types.
    // Last but one, so that no rule setting above turns a typed rule back on for them.
    files: ["**/*.{js,mjs,cjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);
