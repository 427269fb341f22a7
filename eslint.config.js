import fs from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/**
 * Imports a layer may not make (docs/guiding-principles.md). The groups are gitignore patterns, where a
 * leading # starts a comment: our #alias/ imports are escaped so they match.
 */
const escapeAlias = (pattern) => (pattern.startsWith('#') ? `\\${pattern}` : pattern)
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map(([group, message]) => ({ group: group.map(escapeAlias), message })) }],
})

const CLIENT_NEVER_IMPORTS_SERVER = [['#server/*', '**/server/**'], 'The client never imports server code.']
const FEATURES = fs.readdirSync('src/client/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)

/**
 * Features never import each other or app/ (app/ composes them), so each can change alone. Test
 * helpers may borrow app/'s providers.
 */
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`src/client/features/${feature}/**`],
  ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
  rules: restrict([
    CLIENT_NEVER_IMPORTS_SERVER,
    [
      FEATURES.filter((other) => other !== feature).flatMap((other) => [`#client/features/${other}/*`, `**/features/${other}/**`]),
      `Features do not import each other: move what ${feature} shares into components/, lib/ or src/shared.`,
    ],
    [['#client/app/*', '**/client/app/**'], 'Features never import app/: app/ composes the features.'],
  ]),
}))

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
      ...restrict([CLIENT_NEVER_IMPORTS_SERVER]),
    },
  },
  ...featureBoundaries,
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
