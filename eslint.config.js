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
/** Relative imports would slip past the layer rules below, which read the #alias of an import. */
const RELATIVE = [['./*', '../*'], 'Import by the #alias (#client/..., #server/..., #shared/...), not a relative path.']
const FEATURES = fs
  .readdirSync('src/client/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

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
    RELATIVE,
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
        RELATIVE,
      ]),
    },
  },
  {
    files: ['src/client/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([CLIENT_NEVER_IMPORTS_SERVER, RELATIVE]),
    },
  },
  ...featureBoundaries,
  {
    // Shared client code is below the features: it never reaches up into one, or into app/.
    files: ['src/client/lib/**', 'src/client/components/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: restrict([
      CLIENT_NEVER_IMPORTS_SERVER,
      [['#client/features/*', '**/features/**'], 'lib/ and components/ serve the features and never import one: move what both need here.'],
      [['#client/app/*', '**/client/app/**'], 'lib/ and components/ never import app/: app/ composes them.'],
      RELATIVE,
    ]),
  },
  {
    // One request path (docs/architecture.md, "The client's request path"): every request the
    // client makes leaves through lib/http.ts (its upload with progress, loaded on demand, through
    // lib/http-progress.ts), so the token, the 401 retry and the errors are written once.
    files: ['src/client/**'],
    ignores: ['src/client/lib/http.ts', 'src/client/lib/http-progress.ts', '**/*.test.{ts,tsx}', 'src/client/testing/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest'].map((name) => ({
          name,
          message:
            'The client sends requests through src/client/lib/http.ts (apiRequest for the API): not with fetch or XMLHttpRequest of its own.',
        })),
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      ...restrict([[['#client/*', '**/client/**'], 'The server never imports client code.'], RELATIVE]),
    },
  },
  {
    // Repositories take an executor (a Kysely instance or a transaction) and never open a
    // transaction: the route decides what one transaction holds (docs/architecture.md).
    files: ['src/server/**/*.repo.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'A repository never opens a transaction: take an Executor and let the route open one.',
        },
      ],
    },
  },
  {
    // A route's request and reply types come from its Zod schemas through the type provider
    // (FastifyPluginAsyncZod), never written by hand beside them (docs/architecture.md).
    files: ['src/server/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(get|post|put|patch|delete|route)$/][typeArguments]',
          message: "Let the route's schemas type the request: no type arguments on a route (FastifyPluginAsyncZod infers them).",
        },
        {
          selector: "TSTypeReference[typeName.name='FastifyRequest'][typeArguments]",
          message: "Let the route's schemas type the request: no FastifyRequest<...> by hand.",
        },
        {
          selector: "TSTypeReference[typeName.name='FastifyPluginAsync']",
          message: 'A routes plugin is a FastifyPluginAsyncZod, so its schemas type its requests and answers.',
        },
      ],
    },
  },
  {
    // One select (decision 042): the app's selects are components/ui/select.tsx, the browser's
    // own select styled once; a raw <select> elsewhere would be a second look and a second way.
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/components/ui/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='select']",
          message: 'Use Select from #client/components/ui/select.tsx (or Combobox to search a list), not a raw <select>.',
        },
      ],
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
