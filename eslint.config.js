import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import vitrine from './scripts/eslint/vitrine.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web's kits are the only way (docs/ARCHITECTURE.md, "Web"); the rules are in scripts/eslint/vitrine.mjs.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { vitrine },
    rules: {
      'vitrine/query-key-from-contract': 'error',
      'vitrine/call-in-api-files': 'error',
      'vitrine/typed-route-params': 'error',
    },
  },
  {
    // A test may reach into what it wires together.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    plugins: { vitrine },
    rules: { 'vitrine/feature-boundaries': 'error' },
  },
  {
    // Forms submit through useFormSubmit; the kit itself is where a FormEvent is handled.
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    ignores: ['apps/web/src/lib/useZodForm.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    plugins: { vitrine },
    rules: { 'vitrine/submit-through-form-kit': 'error' },
  },
  {
    // A raw statement's rows are typed in one place: `rowsOf()` in db/sql.ts, never a cast at the call.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > AwaitExpression > CallExpression[callee.property.name='execute']",
          message: 'Type raw SQL rows with rowsOf() from db/sql.ts instead of a cast.',
        },
      ],
    },
  },
  {
    // Browser tests wait on state (a locator, a response, `see()`, e2e/support/settle.ts), never on time.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'waitForTimeout',
          message: 'Wait on state: a locator, a response, see(), or support/settle.ts.',
        },
      ],
    },
  },
  {
    // Files a newcomer can hold: a source file of one idea, functions that fit on a screen (tests aside).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}', 'players/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    // Scripts print to the terminal on purpose.
    files: ['scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
