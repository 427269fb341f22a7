import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Imports a layer may not make (STYLE.md habit 10). */
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map(([group, message]) => ({ group, message })) }],
})

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'data', 'playwright-report', 'test-results', '.tmp', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      ...restrict([
        [['#server/*', '#client/*', '**/server/**', '**/client/**'], 'src/shared imports nothing of ours outside shared.'],
        [['node:*'], 'src/shared is pure: no node:* modules.'],
      ]),
    },
  },
  {
    files: ['src/client/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([[['#server/*', '**/server/**'], 'The client never imports server code.']]),
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      ...restrict([[['#client/*', '**/client/**'], 'The server never imports client code.']]),
    },
  },
  {
    // One validated env module: process.env is read there only.
    files: ['src/**'],
    ignores: ['src/server/env.ts', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from src/server/env.ts.' }],
    },
  },
)
