// ESLint for the phone score sheet: the page's ES modules (no build step), its service worker and
// the Swagger UI starter script. `npm ci && npx eslint` (tests/test_quality.py runs it).
import js from "@eslint/js";
import globals from "globals";
import stylistic from "@stylistic/eslint-plugin";

// A line that holds a string of 50 characters or more (the strings before it skipped whole): a
// sentence the page says, kept in one piece for the catalog's extractor.
const SENTENCE = String.raw`^(?:[^"]*"(?:[^"\\]|\\.)*")*?[^"]*"(?:[^"\\]|\\.){50,}"`;

export default [
  // vendor/: libraries copied as released (uqr), checked against the release, not linted.
  { ignores: ["node_modules/", ".venv/", "build/", "tests/web/screenshots/", "scorekeeper/web/static/vendor/"] },
  js.configs.recommended,
  {
    files: ["scorekeeper/web/static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      "no-var": "error",
      "prefer-const": "error",
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-implicit-globals": "error",
    },
  },
  {
    // Lines of at most 110 characters (core max-len is deprecated: @stylistic's); a sentence may
    // run past it.
    files: ["scorekeeper/web/static/**/*.js", "tests/js/**/*.mjs"],
    plugins: { "@stylistic": stylistic },
    rules: {
      "@stylistic/max-len": ["error", { code: 110, ignoreUrls: true, ignorePattern: SENTENCE }],
    },
  },
  {
    files: ["scorekeeper/web/static/docs.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser, SwaggerUIBundle: "readonly" } },
  },
  {
    files: ["scorekeeper/web/static/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker, SHELL: "readonly" } },
    // A worker's own global scope: its top-level functions are the worker's, not a page's.
    rules: { "no-implicit-globals": "off" },
  },
  {
    files: ["tests/js/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
