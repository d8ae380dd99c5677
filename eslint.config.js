// ESLint (flat config): typescript-eslint's recommended rules with type information, so that a promise nobody
// awaits or handles (no-floating-promises) and an async function where a plain callback is expected
// (no-misused-promises) are caught, plus unused code. Formatting is Prettier's (.prettierrc.json); the 120-column
// limit on what Prettier does not wrap (comments, long strings) is scripts/check-line-length.mjs.
// The type information comes from the `typescript` package, 6.0 (TypeScript 7's package has no JavaScript compiler
// API, which typescript-eslint needs); the project's type check and build run TypeScript 7 (the `typescript7` alias).
import js from '@eslint/js'
import globals from 'globals'
import { defineConfig } from 'eslint/config'
import tseslint from 'typescript-eslint'

export default defineConfig(
  {
    ignores: ['dist/', 'coverage/', '.tap/', 'bench/.build/', 'scratch/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // tap tracks its subtests itself: `t.test(...)` need not be awaited
          allowForKnownSafePromises: [{ from: 'package', name: 'PromiseWithSubtest', package: '@tapjs/core' }],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      // `await` on a value that is not a promise: usually a forgotten call or a sync function thought async
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    rules: {
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
    },
  },
  {
    // the service's own code declares its types; tests, benchmarks and scripts may reach into untyped corners
    files: ['test/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // tests write numbers that a double cannot hold on purpose (what JSON parsing and printing make of them)
    files: ['test/**'],
    rules: { 'no-loss-of-precision': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ignores: ['src/explorer/public/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // the explorer's page script runs in the browser, beside Chart.js (window.Chart)
    files: ['src/explorer/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
)
