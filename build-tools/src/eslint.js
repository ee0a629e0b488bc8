// One lint policy for every package. Each package's eslint.config.js re-exports this.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import apiUrls from './eslint-rules/no-api-url-literals.js';
import features from './eslint-rules/feature-boundaries.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO_DIR = path.resolve(here, '..', '..');

/** shared-sdk/src/router: the module that re-exports what the code base uses of React Router. */
const ROUTER_MODULE_DIR = path.resolve(here, '..', '..', 'shared-sdk', 'src', 'router');

const ROUTER_MESSAGE =
  "Import from 'shared-sdk/router'. It is the shared singleton (one router in the page, whose contexts the remotes share with the host) and re-exports only what we use, so react-router's other code stays out of every page; importing react-router(-dom) directly bundles a second, whole copy. Missing an export? Add it to shared-sdk/src/router/index.ts.";
const ROUTER_PATHS = ['react-router', 'react-router-dom'].map((name) => ({ name, message: ROUTER_MESSAGE }));
const ROUTER_PATTERN = { group: ['react-router/*', 'react-router-dom/*'], message: ROUTER_MESSAGE };
const NO_CROSS_IMPORTS = {
  group: ['host-shell', 'host-shell/*', 'mf-*', '../../mf-*', '../../host-shell/*'],
  message: 'Remotes and the host share code only through shared-sdk.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // No import cycles (a module that needs its importer half-initialised, and a knot no one can
    // split later); dynamic imports count too. Shared names go into a module of their own
    // (docs/style.md rule 12). import-x skips `import type` edges (they vanish at run time) and has
    // no option to follow them, so import-cycles.test.js (build-tools' `npm test`) walks each
    // package's src with them included.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Type-aware rules, for what only types can tell: a promise nobody awaits or handles (its failure
    // vanishes, and its work races what follows), and a promise where a plain value is expected (an
    // async handler given to an attribute or callback that ignores what it returns). Each package's
    // own tsconfig.json types its files (the project service finds the nearest one).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's describe and it return promises that the runner itself awaits.
        { allowForKnownSafeCalls: [{ from: 'package', name: ['describe', 'it', 'test', 'suite'], package: 'node:test' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // CommonJS files (jest setup) are loaded with require by design.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // A remote never imports another remote's code or the host's (docs/style.md rule 3), and nothing
    // imports React Router but shared-sdk/router.
    files: ['**/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: ROUTER_PATHS, patterns: [ROUTER_PATTERN, NO_CROSS_IMPORTS] }] },
  },
  {
    // shared-sdk/router is the one module that imports React Router (it is what gets shared).
    basePath: ROUTER_MODULE_DIR,
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CROSS_IMPORTS] }] },
  },
  {
    // Browser code names each call by its contract declaration (shared-sdk/contract/calls), never by
    // a restated '/api/…' URL. Not flagged: the contract itself, tests, and a remote's expose/routes.ts
    // (plain data the build evaluates on its own; routes.test.ts holds each to the screen's call).
    basePath: REPO_DIR,
    files: ['host-shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'shared-sdk/src/**/*.{ts,tsx}'],
    ignores: ['shared-sdk/src/contract/**', '**/*.test.{ts,tsx}', 'shared-sdk/src/testing/**', 'mf-*/src/expose/routes.ts'],
    plugins: { 'api-urls': apiUrls },
    rules: { 'api-urls/no-api-url-literals': 'error' },
  },
  {
    // Feature boundaries (docs/style.md rule 14), shared code ← features ← app: a file under
    // src/features/<a>/ imports its own feature and the package's shared folders, never
    // src/features/<b>/ nor src/layout/; shared code imports no feature, nor src/pages, src/expose,
    // src/layout, src/routing or src/app, which compose features (the rule tells the layers apart).
    // Not held to it: api-server, whose features are server modules sharing stores and helpers, not
    // screens.
    basePath: REPO_DIR,
    files: ['*/src/**/*.{ts,tsx,js,jsx,mjs,cjs}'],
    ignores: ['api-server/**'],
    plugins: { features },
    rules: { 'features/feature-boundaries': 'error' },
  },
);
