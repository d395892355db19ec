// `npm run lint`: one ESLint run over every workspace and the scripts, zero warnings allowed.
// TypeScript is linted with type information (typescript-eslint's recommendedTypeChecked); plain JavaScript
// (scripts, tool configs) with ESLint's recommended rules; the web with React's hooks rules; and the import
// boundaries of the layers (scripts/lint/layers.mjs) everywhere.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layerBoundaryConfigs } from './scripts/lint/layers.mjs';
import { apiSyntaxConfigs } from './scripts/lint/api-syntax.mjs';

const TYPESCRIPT = ['**/*.{ts,tsx,mts,cts}'];
const TESTS = ['api/test/**', '**/*.spec.ts', '**/*.test.{ts,tsx}'];

export default defineConfig(
  globalIgnores(['**/dist/', '**/coverage/', '**/data/', 'test-results/']),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,

  {
    name: 'typescript, type-aware',
    files: TYPESCRIPT,
    // strictTypeChecked was tried: on this tree it adds some 800 reports, mostly style (void arrow bodies,
    // numbers in template strings, `!` after lookups, Nest's empty module classes) rather than bugs.
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      // Each file is typed by the tsconfig.json nearest to it, the one editors use.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Kept from recommendedTypeChecked on purpose, as they catch real bugs here: no-floating-promises (an
      // unawaited write or emit loses its error; `void` marks a deliberate fire-and-forget), no-misused-promises
      // (an async handler where a void callback is expected, e.g. a form's onSubmit, drops its rejection), and
      // the no-unsafe-* family (an `any` from JSON.parse, a request object or a response body reaching typed code).

      // A leading underscore marks a parameter a signature requires but the body does not use, and
      // `const { dropped, ...rest } = x` is how a property is left out of a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Off: `async` without `await` is how a class implements a promise-returning contract synchronously
      // (MikroORM migrations' up(), the in-memory rate-limit store, Nest lifecycle hooks). The promise bugs that
      // matter are caught by no-floating-promises and no-misused-promises.
      '@typescript-eslint/require-await': 'off',
      // From strictTypeChecked, the one rule worth its cost here: a deprecated call (getMigrator, React's
      // FormEvent) is the next major upgrade's breakage, reported while it is still one line to change.
      '@typescript-eslint/no-deprecated': 'error',
    },
  },
  {
    name: 'contracts: its build tsconfig leaves the tests out, so lint reads one that keeps them',
    files: ['contracts/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: './contracts/tsconfig.eslint.json' },
    },
  },
  {
    name: 'tests: response bodies are any',
    files: TESTS,
    // supertest's `res.body` and socket payloads are `any` by design; in a test the assertion on them is the
    // type check, so flagging every `res.body.items[0].id` would be noise, not safety.
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  {
    name: 'web: browser code with the rules of React hooks',
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    // Kept: the rules of hooks, exhaustive deps, and the checks of React's own rules (no setState straight in
    // an effect or render, pure renders, refs not read during render, no mutation of props or state).
    // Off: the rules that only say whether the React Compiler can take a component. This app does not use
    // the compiler, so e.g. `useMemo(timeZones, [])` (a named function instead of an inline one) is fine.
    rules: {
      'react-hooks/use-memo': 'off',
      'react-hooks/preserve-manual-memoization': 'off',
      'react-hooks/incompatible-library': 'off',
      'react-hooks/unsupported-syntax': 'off',
    },
  },
  {
    name: 'node scripts and tool configs',
    files: ['**/*.{js,mjs,cjs}', 'web/vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    name: 'browser tests: callbacks given to page.evaluate() run in the page',
    files: ['scripts/browser/**', 'scripts/bench/lib/browser.mjs', 'scripts/bench/scenarios/browser-scale.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    name: 'the blank page the benchmarks measure as a floor',
    files: ['scripts/bench/floors/blank-vite/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    name: 'CommonJS tool configs',
    files: ['api/*.js', 'contracts/*.js'],
    languageOptions: { sourceType: 'commonjs' },
  },

  ...apiSyntaxConfigs(),
  ...layerBoundaryConfigs(),
);
